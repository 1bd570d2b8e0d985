// The framework-free request/response shapes every stage of the mock works on, and the handler contract a
// mode plugs into (Prism for `static` and `dynamic`, the engine for `stateful`). No Node modules: the same
// shapes serve the Node HTTP adapter and the MSW adapter.
import type { FamilyName } from '../families';
import type { OperationMeta as OperationEntry } from '../../src/operations/operation-meta';

/** A request as the HTTP adapter read it: nothing parsed beyond the request line and headers. */
export interface MockRequest {
  readonly method: string;
  /** The request target as sent, path and query, still percent-encoded. */
  readonly target: string;
  /** Header names in lower case; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body (empty when none), already bounded by the adapter's size limit. */
  readonly body: Uint8Array;
  readonly requestId: string;
}

/** What the mock answers; the adapter adds CORS and transport headers. */
export interface MockResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Serialized body; JSON answers are serialized by the stage that built them. */
  readonly body: string | Uint8Array;
}

/** A request that passed routing, authentication and validation against the operation's contract. */
export interface ValidatedRequest {
  readonly raw: MockRequest;
  readonly family: FamilyName;
  readonly operation: OperationEntry;
  /** Decoded path parameters by their spec names. */
  readonly pathParams: Readonly<Record<string, string>>;
  /** Query parameters by their spec names, coerced to their schema types; encoded messages (`.r`) decoded. */
  readonly query: Readonly<Record<string, unknown>>;
  /** The parsed JSON body: the empty message when none was sent, undefined when the operation declares none. */
  readonly body: unknown;
  /** What the handler's `admit` stage learnt about the caller, handed back to its `handle`. */
  readonly admitted?: unknown;
}

/** A request routed to an operation whose credentials are present, before its body is read. */
export interface RoutedRequest {
  readonly raw: MockRequest;
  readonly family: FamilyName;
  readonly operation: OperationEntry;
  readonly search: URLSearchParams;
}

/** The answer of the admission stage: refused with a response, or admitted with what it learnt. */
export type Admission = { readonly response: MockResponse } | { readonly admitted: unknown };

/** Produces the answer of a validated request: one per mock mode. */
export interface OperationHandler {
  /** Optional: who is calling, decided before the body is validated (an unknown token is a 401, not a 400). */
  admit?(request: RoutedRequest): Promise<Admission>;
  handle(request: ValidatedRequest): Promise<MockResponse>;
}

/** The mock's own pages and controls under `/__mock/`, answered before routing; undefined: not one of them. */
export type MockPages = (request: MockRequest, method: string, path: string, search: URLSearchParams) => Promise<MockResponse | undefined>;
