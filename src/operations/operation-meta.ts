// The ground floor: what every layer knows about an operation. Generated code, the runtime, the mock and the
// explorer all read these shapes; this file imports only the wire protocol, its neighbour on that floor.
import type { Family } from '../protocol';

export type { Family } from '../protocol';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a paged operation carries its page request and its answer's page, for infinite queries. */
export interface PagingMeta {
  readonly style: 'offset' | 'cursor';
  /** Path of the paging object ({ limit, offset } or { limit, cursor }) inside the init: `body.query.paging`, `query.paging`. */
  readonly request: readonly string[];
  /** Field of the answer that holds the page's items. */
  readonly items: string;
  /** Path of the answer's next cursor (cursor style) or total count (offset style), when it reports one. */
  readonly next?: readonly string[];
}

/** One operation as the generator writes it next to its function. */
export interface OperationMeta {
  readonly family: Family;
  readonly operationId: string;
  readonly method: HttpMethod;
  /** The wire path template, `/v1/checkouts/{id}`. */
  readonly path: string;
  /** Other spellings of `path` the platform's own client sends (`x-path-aliases`): served as this operation, never called. */
  readonly aliases?: readonly string[];
  /** The POST twin a GET switches to when its query string is over 4000 characters. */
  readonly fallback?: { readonly operationId: string; readonly method: HttpMethod; readonly path: string };
  /** The request message travels as one `.r` query parameter (base64url JSON) when it is nested. */
  readonly envelope?: boolean;
  /** A success answers with no JSON body (a redirect, or 204). */
  readonly noContent?: boolean;
  /** Reads only (GET, or a query/search/count/estimate POST): a hook is a query, not a mutation. */
  readonly readOnly?: boolean;
  readonly paging?: PagingMeta;
}

/** What the runtime reports about the call that failed. */
export interface OperationInfo {
  readonly family: Family;
  readonly method: string;
  readonly path: string;
  readonly operationId: string | undefined;
}
