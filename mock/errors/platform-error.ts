// The one error language of the mock: every non-2xx answer carries the platform's error body
// (`message` + `details.validationError` or `details.applicationError`) and the request-id header.
import {
  type ApplicationErrorAnswer,
  applicationErrorBody,
  type ErrorResponse,
  type FieldViolation,
  JSON_MEDIA_TYPE,
  REQUEST_ID_HEADER,
  violationMessage,
} from '../../src/protocol';
import type { MockResponse } from '../pipeline/types';

const json = (status: number, body: ErrorResponse, requestId: string, headers: Record<string, string> = {}): MockResponse => ({
  status,
  headers: { 'content-type': JSON_MEDIA_TYPE, [REQUEST_ID_HEADER]: requestId, ...headers },
  body: JSON.stringify(body),
});

/** 400 listing each field the request broke. */
export const validationFailure = (violations: readonly FieldViolation[], requestId: string): MockResponse =>
  json(400, { message: violationMessage(violations), details: { validationError: { fieldViolations: [...violations] } } }, requestId);

export { applicationErrorBody, codeOfStatus } from '../../src/protocol';

export interface ApplicationFailure extends ApplicationErrorAnswer {
  readonly headers?: Record<string, string>;
}

/** Any other failure, in that body. */
export const applicationFailure = (failure: ApplicationFailure, requestId: string): MockResponse =>
  json(failure.status, applicationErrorBody(failure), requestId, failure.headers);

/** A failure inside the mock: 500 naming the operation, so a report can point at it. */
export const internalFailure = (operationId: string | undefined, error: unknown, requestId: string): MockResponse =>
  applicationFailure(
    {
      status: 500,
      code: 'INTERNAL',
      description: `The mock failed while answering ${operationId ?? 'the request'}: ${error instanceof Error ? error.message : String(error)}`,
      data: { operationId: operationId ?? null },
    },
    requestId,
  );
