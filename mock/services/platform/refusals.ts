// How a platform service refuses: with a status and a code the operation declares for that status, checked by
// the compiler against the generated types (the codes each error response enumerates). A helper shared by
// several operations names the refusals it gives in its type parameter's bound, so every operation that calls
// it must declare them; the spec, not the service, is where a code is chosen.
import { PlatformFailure } from '../../engine/failure';
import type { CallContext, OperationIdOf } from '../../engine/service-table';
import type { DeclaredCode as FamilyDeclaredCode, Declaring as FamilyDeclaring } from '../declared-codes';

export type PlatformOperationId = OperationIdOf<'platform'>;

/** The codes operation `K` declares at `status`. */
export type DeclaredCode<K extends PlatformOperationId, S extends number> = FamilyDeclaredCode<'platform', K, S>;

/** The operations that declare `code` at `status`. */
export type Declaring<S extends number, C extends string> = FamilyDeclaring<'platform', S, C>;

/** The context of a call of operation `K` (a helper's calls carry the operation it works for). */
export type PlatformCall<K extends PlatformOperationId> = CallContext & { readonly operationId: K };

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

/** NOT_FOUND (404) of an entity by its id. */
export const notFound = <K extends Declaring<404, 'NOT_FOUND'>>(
  context: { readonly operationId: K },
  what: string,
  id: string,
): PlatformFailure => refuse(context, 404, 'NOT_FOUND', `${what} ${id} was not found`);

/** PERMISSION_DENIED (403): the caller's identity may not do this. */
export const permissionDenied = <K extends Declaring<403, 'PERMISSION_DENIED'>>(
  context: { readonly operationId: K },
  description: string,
): PlatformFailure => refuse(context, 403, 'PERMISSION_DENIED', description);
