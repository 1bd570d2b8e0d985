// Errors typed per operation: the application-error codes its spec declares, so a code it cannot answer with
// does not compile (`isApiError(error, getCurrentCart, 'OWNED_CART_NOT_FOUND')`, `error.code === '...'`).
import type { OperationMeta } from '../operations/operation-meta';
import type { VALIDATION_ERROR_CODE } from '../protocol';
import { ApiError, ApplicationError, ValidationError } from './api-error';

/** The codes an operation function declares (read from its types; `string` when it declares none). */
export type CodesOf<F> = F extends { readonly types?: { readonly codes: infer C extends string } } ? C : string;

/** What an operation throws: an ApiError whose `code`, when it has one, is one its spec declares. */
export type OperationError<Codes extends string = string> = ApiError & { readonly code?: Codes };

/** The error a code names: an application error, or for the validation code either kind of error carrying it. */
export type CodedError<C extends string> = (C extends typeof VALIDATION_ERROR_CODE
  ? ApplicationError | ValidationError
  : ApplicationError) & {
  readonly code: C;
};

interface TypedOperation {
  readonly meta: OperationMeta;
  readonly types?: { readonly codes: string };
}

/**
 * Whether `error` is what `operation` throws, and with `code` whether it carries that code (an application error,
 * or a validation error for its code). The code must be one the operation declares: a wrong one does not compile.
 */
export function isApiError<F extends TypedOperation, C extends CodesOf<F>>(error: unknown, operation: F, code: C): error is CodedError<C>;
export function isApiError<F extends TypedOperation>(error: unknown, operation: F): error is OperationError<CodesOf<F>>;
export function isApiError(error: unknown, operation: TypedOperation, code?: string): boolean {
  if (!(error instanceof ApiError)) return false;
  const thrownBy = error.operation?.operationId;
  if (thrownBy !== undefined && thrownBy !== operation.meta.operationId) return false;
  return code === undefined || ((error instanceof ApplicationError || error instanceof ValidationError) && error.code === code);
}
