// The one error language of the mock: every non-2xx answer carries the platform's error body
// (`message` + `details.validationError` or `details.applicationError`) and the `x-wix-request-id` header.
import type { FieldViolation } from '../../src/errors/api-error';
import { constantCase, statusText } from '../../src/errors/status-text';
import type { MockResponse } from '../pipeline/types';

export const REQUEST_ID_HEADER = 'x-wix-request-id';

export interface PlatformErrorBody {
  readonly message: string;
  readonly details: {
    readonly validationError?: { readonly fieldViolations: readonly FieldViolation[] };
    readonly applicationError?: { readonly code: string; readonly description: string; readonly data?: Record<string, unknown> };
  };
}

const SERVER_ERROR_TEXT: Readonly<Record<number, string>> = { 500: 'Internal Server Error', 501: 'Not Implemented', 503: 'Service Unavailable' };

/** The status text of a status the mock sends, e.g. 413 -> `Payload Too Large`. */
export const textOfStatus = (status: number): string => SERVER_ERROR_TEXT[status] ?? statusText(status, '');

const json = (status: number, body: PlatformErrorBody, requestId: string, headers: Record<string, string> = {}): MockResponse => ({
  status,
  headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: requestId, ...headers },
  body: JSON.stringify(body),
});

/** The platform's message for violations: `INVALID_ARGUMENT: "field" description, ...` sorted by field. */
const validationMessage = (violations: readonly FieldViolation[]): string =>
  `INVALID_ARGUMENT: ${[...violations]
    .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0))
    .map((v) => `"${v.field}" ${v.description}`)
    .join(', ')}`;

/** 400 listing each field the request broke. */
export const validationFailure = (violations: readonly FieldViolation[], requestId: string): MockResponse =>
  json(400, { message: validationMessage(violations), details: { validationError: { fieldViolations: violations } } }, requestId);

export interface ApplicationFailure {
  readonly status: number;
  /** Defaults to the status text in CONSTANT_CASE (`PAYLOAD_TOO_LARGE`). */
  readonly code?: string;
  readonly description: string;
  readonly data?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
}

/** Any other failure: `details.applicationError { code, description }`, the message being the code. */
export const applicationFailure = (failure: ApplicationFailure, requestId: string): MockResponse => {
  const code = failure.code ?? constantCase(textOfStatus(failure.status));
  return json(
    failure.status,
    {
      message: code,
      details: { applicationError: { code, description: failure.description, ...(failure.data && { data: failure.data }) } },
    },
    requestId,
    failure.headers,
  );
};

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
