// The platform family's refusals: `refuse` (mock/services/refuse.ts, the one way both families refuse) and the
// two refusals its services share.
import type { PlatformFailure } from '../../engine/failure';
import type { CallContext, OperationIdOf } from '../../engine/service-table';
import type { DeclaredCode as FamilyDeclaredCode } from '../declared-codes';
import { type DeclaringIn, refuse } from '../refuse';

export { refuse };

/** The platform operations that declare at `status` every code of `C`. */
export type Declaring<S extends number, C extends string> = DeclaringIn<'platform', S, C>;

export type PlatformOperationId = OperationIdOf<'platform'>;

/** The codes operation `K` declares at `status`. */
export type DeclaredCode<K extends PlatformOperationId, S extends number> = FamilyDeclaredCode<'platform', K, S>;

/** The context of a call of operation `K` (a helper's calls carry the operation it works for). */
export type PlatformCall<K extends PlatformOperationId> = CallContext & { readonly operationId: K };

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
