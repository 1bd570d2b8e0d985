// Errors typed per operation: the application-error codes its spec declares, so a code it cannot answer with
// does not compile (`isApiError(error, getCurrentCart, 'OWNED_CART_NOT_FOUND')`, `error.code === '...'`).
import type { OperationMeta } from '../operations/operation-meta';
import { ApiError, ApplicationError } from './api-error';

/** The codes an operation function declares (read from its types; `string` when it declares none). */
export type CodesOf<F> = F extends { readonly types?: { readonly codes: infer C extends string } } ? C : string;

/** What an operation throws: an ApiError whose `code`, when it has one, is one its spec declares. */
export type OperationError<Codes extends string = string> = ApiError & { readonly code?: Codes };

interface TypedOperation {
  readonly meta: OperationMeta;
  readonly types?: { readonly codes: string };
}

/**
 * Whether `error` is what `operation` throws, and with `code` whether it is that application error. The code
 * must be one the operation declares: a wrong one does not compile.
 */
export function isApiError<F extends TypedOperation, C extends CodesOf<F>>(
  error: unknown,
  operation: F,
  code: C,
): error is ApplicationError & { readonly code: C };
export function isApiError<F extends TypedOperation>(error: unknown, operation: F): error is OperationError<CodesOf<F>>;
export function isApiError(error: unknown, operation: TypedOperation, code?: string): boolean {
  if (!(error instanceof ApiError)) return false;
  const thrownBy = error.operation?.operationId;
  if (thrownBy !== undefined && thrownBy !== operation.meta.operationId) return false;
  return code === undefined || (error instanceof ApplicationError && error.code === code);
}
