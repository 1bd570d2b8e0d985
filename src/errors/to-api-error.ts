import type { OperationInfo } from '../client/operation-entry';
import { ApiError, ApplicationError, SystemError, ValidationError, type FieldViolation } from './api-error';
import { constantCase, statusText } from './status-text';

export const REQUEST_ID_HEADER = 'x-wix-request-id';

interface PlatformErrorBody {
  message?: string;
  details?: {
    applicationError?: { code?: string; description?: string; data?: Record<string, unknown> };
    validationError?: { fieldViolations?: FieldViolation[] };
  };
}

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** The error a failed answer stands for, by the platform's rules (see README "Errors"). */
export const toApiError = async (response: Response, operation: OperationInfo | undefined): Promise<ApiError> => {
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  const init = { status: response.status, requestId, operation };
  let body: unknown;
  try {
    body = await readBody(response);
  } catch (cause) {
    return new SystemError({ ...init, cause });
  }
  if (response.status >= 500 || response.status < 400) return new SystemError({ ...init, cause: body });

  const platform = (typeof body === 'object' && body !== null ? body : {}) as PlatformErrorBody;
  const violations = platform.details?.validationError?.fieldViolations;
  if (violations && violations.length > 0) return new ValidationError(violations, init);

  const application = platform.details?.applicationError;
  if (application?.code) {
    return new ApplicationError(
      platform.message ?? application.description ?? application.code,
      { code: application.code, description: application.description ?? '', data: application.data },
      init,
    );
  }

  const text = statusText(response.status, response.statusText);
  return new ApplicationError(text, { code: constantCase(text), description: text }, init);
};
