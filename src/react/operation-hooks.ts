import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import type { CallInit } from '../client/build-request';
import type { DataOf, InitOf } from '../client/operation-function';
import type { InitOptional } from '../client/operation-types';
import type { ApiError } from '../errors/api-error';
import type { OperationMeta, PagingMeta } from '../operations/operation-meta';
import { DEFAULT_PAGE_SIZE, nextOffset } from '../paging/paginate';
import { useStorefrontClient } from './provider';

// The thin adapter between operation functions and React Query: every hook calls the operation function with
// the provider's client, so the hooks share the one runtime, and query keys hold the path and the init only.

interface AnyOperation {
  readonly meta: OperationMeta;
}
type Call = (client: unknown, init?: CallInit) => Promise<unknown>;

export type QueryHookOptions<Data> = Omit<UseQueryOptions<Data, ApiError, Data, QueryKey>, 'queryKey' | 'queryFn'>;
export type MutationHookOptions<Data, Init> = Omit<UseMutationOptions<Data, ApiError, Init>, 'mutationFn'>;
export interface InfiniteHookOptions {
  /** Items per page (default 50). */
  readonly pageSize?: number;
  readonly enabled?: boolean;
  readonly staleTime?: number;
}

export type QueryHook<F> =
  InitOptional<InitOf<F>> extends true
    ? (init?: InitOf<F>, options?: QueryHookOptions<DataOf<F>>) => UseQueryResult<DataOf<F>, ApiError>
    : (init: InitOf<F>, options?: QueryHookOptions<DataOf<F>>) => UseQueryResult<DataOf<F>, ApiError>;
export type MutationHook<F> = (options?: MutationHookOptions<DataOf<F>, InitOf<F>>) => UseMutationResult<DataOf<F>, ApiError, InitOf<F>>;
export type InfiniteHook<F> =
  InitOptional<InitOf<F>> extends true
    ? (init?: InitOf<F>, options?: InfiniteHookOptions) => UseInfiniteQueryResult<InfiniteData<DataOf<F>>, ApiError>
    : (init: InitOf<F>, options?: InfiniteHookOptions) => UseInfiniteQueryResult<InfiniteData<DataOf<F>>, ApiError>;

/** A stable key: the operation's path, then what was asked (never the base URL, the signal or headers). */
export const operationKey = (meta: OperationMeta, init: CallInit | undefined): QueryKey => {
  const { params, body } = init ?? {};
  const asked = { ...(params && { params }), ...(body !== undefined && { body }) };
  return Object.keys(asked).length > 0 ? [meta.path, asked] : [meta.path];
};

export const useOperationQuery = (fn: AnyOperation, init?: CallInit, options?: QueryHookOptions<unknown>) => {
  const client = useStorefrontClient();
  return useQuery<unknown, ApiError>({
    queryKey: operationKey(fn.meta, init),
    queryFn: ({ signal }) => (fn as unknown as Call)(client, { ...init, signal }),
    ...options,
  });
};

export const useOperationMutation = (fn: AnyOperation, options?: MutationHookOptions<unknown, CallInit>) => {
  const client = useStorefrontClient();
  return useMutation<unknown, ApiError, CallInit>({
    mutationFn: (init) => (fn as unknown as Call)(client, init),
    ...options,
  });
};

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

export const useOperationInfinite = (fn: AnyOperation, init?: CallInit, options: InfiniteHookOptions = {}) => {
  const client = useStorefrontClient();
  const { meta } = fn;
  const paging = meta.paging;
  if (!paging) throw new TypeError(`${meta.operationId} does not page`);
  const { pageSize = DEFAULT_PAGE_SIZE, ...rest } = options;
  return useInfiniteQuery<unknown, ApiError, InfiniteData<unknown>, QueryKey, unknown>({
    queryKey: [...operationKey(meta, init), { pageSize }],
    initialPageParam: paging.style === 'offset' ? 0 : undefined,
    queryFn: ({ pageParam, signal }) => {
      const page =
        paging.style === 'offset'
          ? { limit: pageSize, offset: pageParam }
          : { limit: pageSize, ...(pageParam !== undefined && { cursor: pageParam }) };
      return (fn as unknown as Call)(client, { ...withPage(meta, paging, init, page), signal });
    },
    getNextPageParam: (last, _pages, param) => {
      const next = paging.next ? read(last, paging.next) : undefined;
      if (paging.style === 'cursor') return typeof next === 'string' && next ? next : undefined;
      const items = (read(last, [paging.items]) as unknown[] | undefined) ?? [];
      return nextOffset({ items, total: typeof next === 'number' ? next : undefined }, param as number, pageSize);
    },
    ...rest,
  });
};

// The factories generated hooks are made with: one line per operation, typed from its function.
export const queryHook = <F extends AnyOperation>(fn: F): QueryHook<F> =>
  ((init?: CallInit, options?: QueryHookOptions<unknown>) => useOperationQuery(fn, init, options)) as unknown as QueryHook<F>;
export const mutationHook = <F extends AnyOperation>(fn: F): MutationHook<F> =>
  ((options?: MutationHookOptions<unknown, CallInit>) => useOperationMutation(fn, options)) as unknown as MutationHook<F>;
export const infiniteHook = <F extends AnyOperation>(fn: F): InfiniteHook<F> =>
  ((init?: CallInit, options?: InfiniteHookOptions) => useOperationInfinite(fn, init, options)) as unknown as InfiniteHook<F>;
