import type { OperationInfo } from '../operations/operation-meta';
import { type ApplicationErrorDetails, type FieldViolation, sortViolations, VALIDATION_ERROR_CODE, violationMessage } from '../protocol';

export type { FieldViolation } from '../protocol';

/** A violation as an answer may carry it: `data` left out stands for a rule without parameters (`{}`). */
export type ReceivedViolation = Omit<FieldViolation, 'data'> & { readonly data?: FieldViolation['data'] | null | undefined };

export interface ApiErrorInit {
  readonly status: number;
  readonly requestId?: string | undefined;
  readonly operation?: OperationInfo | undefined;
  readonly cause?: unknown;
  /** From a `Retry-After` header: how long the server asks the caller to wait. */
  readonly retryAfterMs?: number | undefined;
}

/**
 * Every error a call raises: the HTTP status (0 when no answer came) and the platform's request id. Each class
 * names itself with a string literal: minifiers rename classes, and logs must still say `ValidationError`.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly requestId: string | undefined;
  /** Set on 429 and 503 answers (and any other) that carry `Retry-After`. */
  readonly retryAfterMs: number | undefined;
  operation: OperationInfo | undefined;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
    this.operation = init.operation;
  }
}

/**
 * The request broke field rules; `fieldViolations` is sorted by field, each with the rule's `data` when the
 * platform sends some. Its code is the one every operation declares for such a 400, so
 * `isApiError(error, operation, 'INVALID_ARGUMENT')` matches it as it matches an application error of that code.
 */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  readonly code = VALIDATION_ERROR_CODE;
  readonly fieldViolations: readonly FieldViolation[];

  constructor(violations: readonly ReceivedViolation[], init: ApiErrorInit) {
    super(violationMessage(violations), init);
    this.fieldViolations = sortViolations(violations).map((violation) => ({ ...violation, data: violation.data ?? {} }));
  }
}

/** A business error of the service (or any other 4xx), with its code, description and data. */
export class ApplicationError extends ApiError {
  override name = 'ApplicationError';
  readonly code: string;
  readonly description: string;
  readonly data: ApplicationErrorDetails['data'];

  constructor(message: string, details: ApplicationErrorDetails, init: ApiErrorInit) {
    super(message, init);
    this.code = details.code;
    this.description = details.description;
    this.data = details.data;
  }
}

/** A 5xx, a network failure, a time-out or an answer that cannot be read. */
export class SystemError extends ApiError {
  override name = 'SystemError';
  constructor(init: ApiErrorInit) {
    super(init.requestId ? `System error occurred, request-id: ${init.requestId}` : 'System error occurred', init);
  }
}

/** A GET whose query string is too long and whose operation has no POST twin to fall back to. */
export class QueryTooLongError extends ApiError {
  override name = 'QueryTooLongError';
  readonly length: number;
  readonly limit: number;

  constructor(operationId: string | undefined, length: number, limit: number) {
    super(
      `The query string of ${operationId ?? 'this GET'} is ${length} characters, over the limit of ${limit}, ` +
        'and the operation declares no POST fallback (x-fallback); send fewer or shorter parameters',
      { status: 414 },
    );
    this.length = length;
    this.limit = limit;
  }
}
