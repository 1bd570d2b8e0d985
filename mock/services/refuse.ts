// How every service refuses, in both families: with a status and a code the operation declares for that status,
// checked by the compiler against the generated types (the codes each error response enumerates). A helper shared
// by several operations names the refusals it gives in its type parameter's bound (`K extends Declaring<404,
// 'NOT_FOUND'> & Declaring<403, 'PERMISSION_DENIED'>`), so every operation that calls it must declare them all;
// the spec, not the service, is where a code is chosen.
import { PlatformFailure } from '../engine/failure';
import type { OperationIdOf, ServiceFamily } from '../engine/service-table';
import type { DeclaredCode } from './declared-codes';

/** The operations of family `F` that declare at `status` every code of `C` (one code, or each of a union). */
export type DeclaringIn<F extends ServiceFamily, S extends number, C extends string> = {
  [K in OperationIdOf<F>]: [C] extends [DeclaredCode<F, K, S>] ? K : never;
}[OperationIdOf<F>];

/** The operations, of either family, that declare `code` at `status` (every code, for a union). */
export type Declaring<S extends number, C extends string> = DeclaringIn<'commerce', S, C> | DeclaringIn<'platform', S, C>;

/**
 * A refusal of operation `K` (or of every operation a helper works for): a compile error unless each declares
 * `code` at `status`.
 */
export const refuse = <S extends number, C extends string, K extends Declaring<S, C>>(
  _context: { readonly operationId: K },
  status: S,
  code: C,
  description: string,
  data?: Record<string, unknown>,
): PlatformFailure => new PlatformFailure(status, code, description, data);
