// The application-error codes each operation declares per status, as types read from the generated answers (the
// codes each error response enumerates). Both families' refusal catalogs are bounded by them, so a refusal whose
// status or code an operation reaching it does not declare is a compile error; the spec, not a service, is where
// a code is chosen.
import type { AnswersOf, OperationIdOf, ServiceFamily } from '../engine/service-table';

/** The codes an error answer's body enumerates (`string` when its schema names none). */
type CodesOf<Body> = Body extends { readonly details?: infer Details }
  ? NonNullable<Details> extends { readonly applicationError?: infer Error }
    ? NonNullable<Error> extends { readonly code?: infer Code }
      ? Code
      : never
    : never
  : never;

/** The codes operation `K` of family `F` declares at `status`. */
export type DeclaredCode<F extends ServiceFamily, K extends OperationIdOf<F>, S extends number> = S extends keyof AnswersOf<F, K>
  ? CodesOf<AnswersOf<F, K>[S]>
  : never;

/** The operations of family `F` that declare `code` at `status`. */
export type Declaring<F extends ServiceFamily, S extends number, C extends string> = {
  [K in OperationIdOf<F>]: C extends DeclaredCode<F, K, S> ? K : never;
}[OperationIdOf<F>];
