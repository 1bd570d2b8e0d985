// The framework-free shapes the mock's pipeline works on: the request as an adapter read it, the answer it
// sends, and the request as each stage hands it on, enriched (in the order of stage-order.ts). No Node modules:
// the same shapes serve the Node HTTP adapter and the MSW adapter.
import type { OperationMeta as OperationEntry } from '../../src/operations/operation-meta';
import type { Identity } from '../engine/identity';
import type { FamilyName } from '../families';
import type { OperationContract, RequestValidator } from '../validation/request-validator';
import type { Preferences } from './prefer-header';

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
  /** Headers sent once per value (`set-cookie` of an upstream in proxy mode): they cannot be joined with `, `. */
  readonly repeatedHeaders?: Readonly<Record<string, readonly string[]>> | undefined;
}

/** After the target stage: the path and query read from the request target. */
export interface TargetedRequest {
  readonly raw: MockRequest;
  /** The method in upper case. */
  readonly method: string;
  /** Still percent-encoded. */
  readonly path: string;
  readonly search: URLSearchParams;
}

/** After the route stage: the operation the request is for, its contract and its decoded path parameters. */
export interface RoutedRequest extends TargetedRequest {
  readonly family: FamilyName;
  readonly operation: OperationEntry;
  /** What the document says the request must be; undefined for an operation the document does not describe. */
  readonly contract: OperationContract | undefined;
  /** The family's request validator. */
  readonly validator: RequestValidator;
  /** Decoded path parameters by their spec names. */
  readonly pathParams: Readonly<Record<string, string>>;
}

/** Who is calling and in which session, as the stateful mode's identity stage decided. */
export interface Caller {
  /** Undefined only for an operation anyone may call, called without credentials. */
  readonly identity: Identity | undefined;
  readonly session: string;
}

/** After the identity stage (stateful mode only; other modes leave `caller` out). */
export interface IdentifiedRequest extends RoutedRequest {
  readonly caller?: Caller | undefined;
}

/** After the body stage: the JSON body, parsed. */
export interface ParsedRequest extends IdentifiedRequest {
  /** Undefined when none was sent. */
  readonly body: unknown;
}

/** A request that passed routing, credentials, identity and validation against the operation's contract. */
export interface ValidatedRequest extends ParsedRequest {
  /** Query parameters by their spec names, coerced to their schema types; encoded messages (`.r`) decoded. */
  readonly query: Readonly<Record<string, unknown>>;
  /** What its `Prefer` header asks for, checked against the operation (empty without one). */
  readonly preferences: Preferences;
}

/** What the pipeline learnt while answering, for the caller's request log and the report of a failure. */
export interface Trace {
  /** The request path, once the target was read. */
  path?: string;
  operationId?: string;
  /** The session the identity stage settled on (stateful mode). */
  session?: string;
  /**
   * Set by a caller that settles the answer's effects (its events) itself, together with what it does after the
   * answer (the request log): the pipeline then leaves them in `effects` rather than waiting for them.
   */
  settlesEffects?: boolean;
  effects?: Promise<void>;
}

/** The mock's own pages and controls under `/__mock/`, answered before routing; undefined: not one of them. */
export type MockPages = (request: MockRequest, method: string, path: string, search: URLSearchParams) => Promise<MockResponse | undefined>;
