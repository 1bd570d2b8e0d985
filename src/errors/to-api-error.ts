import type { OperationInfo } from '../operations/operation-meta';
import { type ApplicationErrorDetails, constantCase, REQUEST_ID_HEADER, statusText } from '../protocol';
import { type ApiError, ApplicationError, type ReceivedViolation, SystemError, ValidationError } from './api-error';

// An answer's body is read as the platform's error body with any part possibly missing.
interface ReceivedErrorBody {
  message?: string;
  details?: { applicationError?: Partial<ApplicationErrorDetails>; validationError?: { fieldViolations?: ReceivedViolation[] } };
}

/** `Retry-After` as milliseconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export const retryAfterMs = (value: string | null, now = Date.now()): number | undefined => {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** The error a failed answer stands for, by the platform's rules (see README "Errors"); the body is already read. */
export const toApiError = (
  status: number,
  statusLine: string,
  headers: Headers,
  text: string,
  operation: OperationInfo | undefined,
): ApiError => {
  const init = {
    status,
    requestId: headers.get(REQUEST_ID_HEADER) ?? undefined,
    operation,
    retryAfterMs: retryAfterMs(headers.get('retry-after')),
  };
  if (status >= 500 || status < 400) return new SystemError(init);

  const body = (text ? parse(text) : undefined) as ReceivedErrorBody | undefined;
  const violations = body?.details?.validationError?.fieldViolations;
  if (Array.isArray(violations) && violations.length > 0) return new ValidationError(violations, init);

  const application = body?.details?.applicationError;
  if (application?.code) {
    return new ApplicationError(
      body?.message ?? application.description ?? application.code,
      { code: application.code, description: application.description ?? '', data: application.data },
      init,
    );
  }

  const label = statusText(status, statusLine);
  return new ApplicationError(label, { code: constantCase(label), description: label }, init);
};
