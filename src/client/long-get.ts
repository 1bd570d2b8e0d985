import { QueryTooLongError } from '../errors/api-error';
import type { OperationMeta } from '../operations/operation-meta';

/** Longest query string (after `?`) a GET may send before it switches to its POST twin. */
export const MAX_QUERY_LENGTH = 4000;

/**
 * The twin a GET goes to when its query string is over the limit, or undefined when it fits. Throws
 * QueryTooLongError, before anything is sent, when the operation has no twin.
 */
export const fallbackFor = (meta: OperationMeta, queryLength: number): OperationMeta['fallback'] => {
  if (meta.method !== 'GET' || queryLength <= MAX_QUERY_LENGTH) return undefined;
  if (!meta.fallback) throw new QueryTooLongError(meta.operationId, queryLength, MAX_QUERY_LENGTH);
  return meta.fallback;
};
