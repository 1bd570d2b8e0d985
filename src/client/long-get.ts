import { QueryTooLongError } from '../errors/api-error';
import type { OperationEntry } from './operation-entry';
import { serializeBody, unflatten } from './serialize';

/** Longest query string (after `?`) a GET may send before it switches to its POST twin. */
export const MAX_QUERY_LENGTH = 4000;

/**
 * A GET whose query string is over the limit, rebuilt as its operation's POST twin with the same payload as a
 * JSON body; undefined when the GET fits. Throws QueryTooLongError when no twin is declared.
 */
export const fallbackRequest = (
  request: Request,
  query: Record<string, unknown> | undefined,
  operation: OperationEntry | undefined,
  twinOf: (operationId: string) => OperationEntry | undefined,
  baseUrl: string,
): Request | undefined => {
  if (request.method !== 'GET') return undefined;
  const length = new URL(request.url).search.replace(/^\?/, '').length;
  if (length <= MAX_QUERY_LENGTH) return undefined;
  const twin = operation?.fallback ? twinOf(operation.fallback) : undefined;
  if (!twin) throw new QueryTooLongError(operation?.operationId, length, MAX_QUERY_LENGTH);
  const headers = new Headers(request.headers);
  headers.set('Content-Type', 'application/json');
  return new Request(`${baseUrl}${twin.path}`, {
    method: twin.method,
    headers,
    body: serializeBody(unflatten(query ?? {})),
    signal: request.signal,
  });
};
