import type { CallInit } from '../client/build-request';
import type { OperationMeta, PagingMeta } from '../operations/operation-meta';
import { nextOffset } from '../paging/paginate';

const read = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
    value,
  );

/** The init with the page asked for written where the operation carries its paging. */
export const withPage = (meta: OperationMeta, paging: PagingMeta, init: CallInit | undefined, page: Record<string, unknown>): CallInit => {
  const [where, ...path] = paging.request;
  const base: Record<string, unknown> = where === 'body' ? { ...(init?.body as object) } : { ...(init?.params?.query as object) };
  if (where === 'query' && !meta.envelope) {
    // Flat query names: `paging.limit`, `paging.offset`.
    for (const [key, value] of Object.entries(page)) base[`${path.join('.')}.${key}`] = value;
  } else {
    let node = base;
    for (const key of path.slice(0, -1)) node = node[key] = { ...(node[key] as object) };
    const last = path[path.length - 1] ?? 'paging';
    node[last] = { ...(node[last] as object), ...page };
  }
  return where === 'body' ? { ...init, body: base } : { ...init, params: { ...init?.params, query: base } };
};

/** The page to ask for after `last`: the next offset or cursor, undefined at the end. */
export const nextPageParam = (paging: PagingMeta, last: unknown, param: unknown, pageSize: number): unknown => {
  const next = paging.next ? read(last, paging.next) : undefined;
  if (paging.style === 'cursor') return typeof next === 'string' && next ? next : undefined;
  const items = (read(last, [paging.items]) as unknown[] | undefined) ?? [];
  return nextOffset({ items, total: typeof next === 'number' ? next : undefined }, param as number, pageSize);
};

/** The paging object of one page request: `{ limit, offset }` or `{ limit, cursor }`. */
export const pageRequest = (paging: PagingMeta, pageSize: number, param: unknown): Record<string, unknown> =>
  paging.style === 'offset' ? { limit: pageSize, offset: param } : { limit: pageSize, ...(param !== undefined && { cursor: param }) };
