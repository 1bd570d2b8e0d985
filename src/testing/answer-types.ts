// What `answer(operation, spec)` accepts, read from the operation function's types: the statuses its contract
// declares, per failure status the application-error codes that status declares, per success status its body. A
// status, code or body the contract does not declare for that operation does not compile.
import type { ConnectionFault } from '../protocol';

type Defined<T> = Exclude<T, undefined>;

/** Any operation function: its metadata, and (types only) its answers by status. */
export interface AnswerableOperation {
  readonly meta: { readonly family: 'commerce' | 'platform'; readonly operationId: string; readonly method: string; readonly path: string };
  readonly types?: { readonly data: unknown; readonly responses: unknown };
}

type ResponsesOf<F> = F extends { readonly types?: { readonly responses: infer R } } ? R : never;
type DataOf<F> = F extends { readonly types?: { readonly data: infer D } } ? D : never;
type JsonOf<R> = R extends { readonly content: { readonly 'application/json': infer B } } ? B : undefined;

/** The code a failure body declares (`details.applicationError.code`); `string` where the status leaves it open. */
export type ErrorCodeOf<Body> = Body extends { readonly details?: infer D }
  ? Defined<D> extends { readonly applicationError?: infer A }
    ? Defined<A> extends { readonly code?: infer C }
      ? Extract<C, string>
      : never
    : never
  : never;

type Statuses<F> = Extract<keyof ResponsesOf<F>, number>;
type SuccessStatuses<F> = Extract<Statuses<F>, 200 | 201 | 202 | 203 | 204 | 206 | 301 | 302 | 303 | 307 | 308>;
type FailureStatuses<F> = Exclude<Statuses<F>, SuccessStatuses<F>>;
type RetryAfterStatus = 429 | 503;

interface Common {
  /** Milliseconds to wait before answering (the request's abort ends the wait). */
  readonly latency?: number;
  /** More response headers. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The success answer: `body` (default: the contract's example for the status), or a connection fault on the way. */
type SuccessAnswer<F, S extends keyof ResponsesOf<F>> = Common & {
  readonly status: S;
  readonly body?: JsonOf<ResponsesOf<F>[S]>;
  readonly fault?: ConnectionFault;
};

/** A failure in the platform's error body: the status and one of the codes it declares (default: its only one). */
type FailureAnswer<F, S extends keyof ResponsesOf<F>> = Common & {
  readonly status: S;
  readonly code?: ErrorCodeOf<JsonOf<ResponsesOf<F>[S]>>;
  readonly description?: string;
  readonly data?: Readonly<Record<string, unknown>>;
  readonly fault?: never;
  readonly body?: never;
} & (S extends RetryAfterStatus ? { readonly retryAfterSeconds?: number } : { readonly retryAfterSeconds?: never });

/** No status: the first success the operation declares, with `body` or its example; or the fault alone. */
type DefaultAnswer<F> = Common & { readonly status?: undefined; readonly body?: DataOf<F>; readonly fault?: ConnectionFault };

export type AnswerSpec<F> =
  | DefaultAnswer<F>
  | { [S in SuccessStatuses<F>]: SuccessAnswer<F, S> }[SuccessStatuses<F>]
  | { [S in FailureStatuses<F>]: FailureAnswer<F, S> }[FailureStatuses<F>];

/** The same spec as the run time reads it, whatever the types said (a JavaScript caller, a cast). */
export interface LooseAnswerSpec {
  readonly status?: number;
  readonly body?: unknown;
  readonly code?: string;
  readonly description?: string;
  readonly data?: Readonly<Record<string, unknown>>;
  readonly retryAfterSeconds?: number;
  readonly latency?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly fault?: string;
}
