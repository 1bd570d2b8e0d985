// The init and result types of one operation, read from openapi-typescript's `operations[id]`. They are
// concrete object types, so an object literal gets excess-property checks: a misspelt body field is an error.

type Defined<T> = Exclude<T, undefined>;
type IsNever<T> = [T] extends [never] ? true : false;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

interface OperationShape {
  parameters?: { query?: unknown; path?: unknown };
  requestBody?: unknown;
  responses?: unknown;
}

type PathOf<Op> = Op extends { parameters: { path?: infer P } } ? Defined<P> : never;
type QueryOf<Op, Query> = IsNever<Query> extends true ? (Op extends { parameters: { query?: infer Q } } ? Defined<Q> : never) : Query;
type QueryRequired<Op> = Op extends { parameters: { query: infer Q } } ? (undefined extends Q ? false : true) : false;

type ParamsOf<Op, Query> = (IsNever<PathOf<Op>> extends true ? {} : { path: PathOf<Op> }) &
  (IsNever<QueryOf<Op, Query>> extends true
    ? {}
    : QueryRequired<Op> extends true
      ? { query: QueryOf<Op, Query> }
      : { query?: QueryOf<Op, Query> });

type JsonBody<Content> = Content extends { content: { 'application/json': infer B } } ? B : never;
type BodyOf<Op> = Op extends { requestBody?: infer R } ? JsonBody<Defined<R>> : never;
type BodyRequired<Op> = Op extends { requestBody: infer R } ? (undefined extends R ? false : true) : false;

type ParamsPart<Op, Query> = keyof ParamsOf<Op, Query> extends never
  ? { params?: never }
  : IsNever<PathOf<Op>> extends true
    ? QueryRequired<Op> extends true
      ? { params: Simplify<ParamsOf<Op, Query>> }
      : { params?: Simplify<ParamsOf<Op, Query>> }
    : { params: Simplify<ParamsOf<Op, Query>> };

type BodyPart<Op> =
  IsNever<BodyOf<Op>> extends true ? { body?: never } : BodyRequired<Op> extends true ? { body: BodyOf<Op> } : { body?: BodyOf<Op> };

/** Per-call options every operation takes. */
export interface CallOptions {
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
}

/**
 * What an operation function takes: `{ params: { path, query }, body, headers, signal }`, as its spec declares.
 * `Query` overrides the query type where the request message travels as `.r`.
 */
export type OperationInit<Op extends OperationShape, Query = never> = Simplify<ParamsPart<Op, Query> & BodyPart<Op> & CallOptions>;

type SuccessStatus = 200 | 201 | 202 | 203 | 206;
/** The 2xx JSON body of an operation (undefined for a redirect or an empty answer). */
export type OperationData<Op extends OperationShape> = Op extends { responses: infer R }
  ? { [S in keyof R]: S extends SuccessStatus ? JsonBody<R[S]> : never }[keyof R] extends infer D
    ? IsNever<D> extends true
      ? undefined
      : D
    : never
  : never;

/** Whether the init may be left out: nothing in it is required. */
export type InitOptional<Init> = {} extends Init ? true : false;
