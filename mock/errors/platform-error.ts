// The one error language of the mock: every non-2xx answer carries the platform's error body
// (`message` + `details.validationError` or `details.applicationError`) and the request-id header.
import {
  constantCase,
  type ErrorResponse,
  type FieldViolation,
  JSON_MEDIA_TYPE,
  REQUEST_ID_HEADER,
  statusText,
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

/**
 * The code of a status when none is given: the platform's generic one where the spec's shared responses name it
 * (spec/shared/responses: `ServiceUnavailable` enumerates UNAVAILABLE, not the status text's SERVICE_UNAVAILABLE),
 * else the status text in CONSTANT_CASE (`PAYLOAD_TOO_LARGE`).
 */
const GENERIC_CODES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export const codeOfStatus = (status: number): string => GENERIC_CODES[status] ?? constantCase(statusText(status));

export interface ApplicationFailure {
  readonly status: number;
  /** Defaults to the code of the status (codeOfStatus). */
  readonly code?: string;
  readonly description: string;
  readonly data?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
}

/** The platform's body of an application error: `details.applicationError { code, description, data }`, the message being the code. */
export const applicationErrorBody = (failure: Omit<ApplicationFailure, 'headers'>): ErrorResponse => {
  const code = failure.code ?? codeOfStatus(failure.status);
  return {
    message: code,
    details: { applicationError: { code, description: failure.description, ...(failure.data && { data: failure.data }) } },
  };
};

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
