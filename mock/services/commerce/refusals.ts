// The commerce family's refusals: `refuse` (mock/services/refuse.ts, the one way both families refuse) and the
// context its helpers take.
import type { CallContext, OperationIdOf } from '../../engine/service-table';
import { type DeclaringIn, refuse } from '../refuse';

export { refuse };

/** The commerce operations that declare at `status` every code of `C`. */
export type Declaring<S extends number, C extends string> = DeclaringIn<'commerce', S, C>;

/** The context of a call of operation `K` (a helper's calls carry the operation it works for). */
export type CommerceCall<K extends OperationIdOf<'commerce'>> = CallContext & { readonly operationId: K };
