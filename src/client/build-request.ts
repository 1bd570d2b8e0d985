import { ValidationError } from '../errors/api-error';
import type { OperationMeta } from '../operations/operation-meta';
import { ENVELOPE_PARAMETER, fieldViolation, JSON_MEDIA_TYPE } from '../protocol';
import { fallbackFor } from './long-get';
import { encodeEnvelope, fillPath, isNested, serializeBody, serializeQuery, unflatten } from './serialize';

/** What the caller passes for one operation: the same object `client.<family>.<METHOD>(path, init)` takes. */
export interface CallInit {
  readonly params?: { readonly path?: object; readonly query?: object } | undefined;
  readonly body?: unknown;
  readonly headers?: Record<string, string> | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface WireRequest {
  readonly url: string;
  readonly method: string;
  /** Headers of the call itself; auth headers are added per attempt. */
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

/** The query string as the platform's own SDK sends it: nested messages as `.r`, shallow ones as flat names. */
const queryString = (meta: OperationMeta, query: Record<string, unknown>): string =>
  meta.envelope && isNested(query) ? `${ENVELOPE_PARAMETER}=${encodeEnvelope(query)}` : serializeQuery(query);

/**
 * One call on the wire: path filled and encoded, query serialized, body as JSON, and a GET over 4000
 * characters of query moved to its POST twin with the same payload.
 */
export const buildRequest = (
  baseUrl: string,
  meta: OperationMeta,
  init: CallInit,
  clientHeaders: Record<string, string> | undefined,
): WireRequest => {
  let path: string;
  try {
    path = fillPath(meta.path, init.params?.path as Record<string, unknown> | undefined);
  } catch (error) {
    const field = /"([^"]+)"/.exec((error as Error).message)?.[1] ?? 'path';
    throw new ValidationError([fieldViolation(field, 'is required in the path', 'REQUIRED_FIELD')], { status: 0 });
  }
  const headers: Record<string, string> = { ...clientHeaders, ...init.headers };
  const query = init.params?.query as Record<string, unknown> | undefined;
  const search = query ? queryString(meta, query) : '';
  const twin = fallbackFor(meta, search.length);
  if (twin) {
    headers['content-type'] = JSON_MEDIA_TYPE;
    return { url: baseUrl + twin.path, method: twin.method, headers, body: serializeBody(unflatten(query ?? {})) };
  }
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['content-type'] ??= JSON_MEDIA_TYPE;
    body = serializeBody(init.body);
  }
  return { url: search ? `${baseUrl}${path}?${search}` : baseUrl + path, method: meta.method, headers, body };
};
