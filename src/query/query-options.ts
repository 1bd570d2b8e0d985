// Query keys and query options per operation, React-free: a server, a router loader or a test prefetches with
// them (`queryClient.prefetchQuery(getCurrentCartQueryOptions(client))`) and the React hooks are built on them,
// so a prefetched answer is the one a hook finds. Plain objects: React Query lends only its `DataTag` type, which
// types `getQueryData`, `setQueryData`, `getQueryState` and `cancelQueries` by the operation's answer.
import type { DataTag, InfiniteData } from '@tanstack/react-query';
import type { CallInit } from '../client/build-request';
import type { StorefrontClient } from '../client/create-client';
import type { DataOf, InitOf } from '../client/operation-function';
import type { InitOptional } from '../client/operation-types';
import type { CodesOf, OperationError } from '../errors/operation-error';
import type { Family, OperationMeta } from '../operations/operation-meta';
import { DEFAULT_PAGE_SIZE } from '../paging/paginate';
import { nextPageParam, pageRequest, withPage } from './page-init';

interface AnyOperation {
  readonly meta: OperationMeta;
}
type Call = (client: StorefrontClient, init?: CallInit) => Promise<unknown>;

/** What was asked: the init's parameters and body (never the base URL, headers or signal). */
export interface AskedKeyPart {
  readonly params?: unknown;
  readonly body?: unknown;
}

/**
 * `[family, operationId]`, then what was asked when anything was: a prefix of it matches every variant of the
 * operation (`[family, operationId]`) or of the family (`[family]`).
 */
export type OperationQueryKey = readonly [family: Family, operationId: string, asked?: AskedKeyPart];

/** An operation's key, tagged with its answer and its error: React Query's cache methods infer both from it. */
export type TypedQueryKey<Data, Error = OperationError> = DataTag<OperationQueryKey, Data, Error>;
/** The key of operation `F` (`QueryKeyOf<typeof getCurrentCart>`). */
export type QueryKeyOf<F> = TypedQueryKey<DataOf<F>, OperationError<CodesOf<F>>>;

export interface OperationQueryOptions<Data, Error = OperationError> {
  readonly queryKey: TypedQueryKey<Data, Error>;
  readonly queryFn: (context: { readonly signal: AbortSignal }) => Promise<Data>;
  /** Marks a query whose answer belongs to the caller: reset when the shopper signs in or out. */
  readonly meta?: { readonly identityScoped: true };
}

export interface OperationInfiniteQueryOptions<Data, Error = OperationError> {
  readonly queryKey: DataTag<readonly [...OperationQueryKey, { readonly pageSize: number }], InfiniteData<Data>, Error>;
  readonly queryFn: (context: { readonly signal: AbortSignal; readonly pageParam: unknown }) => Promise<Data>;
  readonly initialPageParam: unknown;
  readonly getNextPageParam: (lastPage: Data, allPages: Data[], lastPageParam: unknown) => unknown;
  /** Marks a query whose answer belongs to the caller: reset when the shopper signs in or out. */
  readonly meta?: { readonly identityScoped: true };
}

export interface InfinitePaging {
  /** Items per page (default 50). */
  readonly pageSize?: number;
}

/** Types only, never set: the operation a factory was made for, read by the React bindings. */
interface ForOperation<F> {
  readonly operation?: F;
}
type ErrorOf<F> = OperationError<CodesOf<F>>;
export type QueryKeyFactory<F> = ((init?: InitOf<F>) => QueryKeyOf<F>) & ForOperation<F>;
export type QueryOptionsFactory<F> = (InitOptional<InitOf<F>> extends true
  ? (client: StorefrontClient, init?: InitOf<F>) => OperationQueryOptions<DataOf<F>, ErrorOf<F>>
  : (client: StorefrontClient, init: InitOf<F>) => OperationQueryOptions<DataOf<F>, ErrorOf<F>>) &
  ForOperation<F>;
export type InfiniteQueryOptionsFactory<F> = (InitOptional<InitOf<F>> extends true
  ? (client: StorefrontClient, init?: InitOf<F>, paging?: InfinitePaging) => OperationInfiniteQueryOptions<DataOf<F>, ErrorOf<F>>
  : (client: StorefrontClient, init: InitOf<F>, paging?: InfinitePaging) => OperationInfiniteQueryOptions<DataOf<F>, ErrorOf<F>>) &
  ForOperation<F>;

// A part not given is undefined in the asked part; React Query's hash and prefix match read it as left out.
const keyOf = ({ family, operationId }: OperationMeta, { params, body }: CallInit = {}): OperationQueryKey =>
  params || body !== undefined ? [family, operationId, { params, body }] : [family, operationId];

// The factories generated code is made with: one line per operation. `scoped` marks identity-scoped reads.
export const queryKey = <F extends AnyOperation>(fn: F): QueryKeyFactory<F> =>
  ((init?: CallInit) => keyOf(fn.meta, init)) as QueryKeyFactory<F>;

export const queryOptions = <F extends AnyOperation>(fn: F, scoped?: 1): QueryOptionsFactory<F> =>
  ((client: StorefrontClient, init?: CallInit) => ({
    queryKey: keyOf(fn.meta, init),
    queryFn: ({ signal }: { signal: AbortSignal }) => (fn as unknown as Call)(client, { ...init, signal }),
    ...(scoped && { meta: { identityScoped: true } }),
  })) as unknown as QueryOptionsFactory<F>;

export const infiniteQueryOptions = <F extends AnyOperation>(fn: F, scoped?: 1): InfiniteQueryOptionsFactory<F> =>
  ((client: StorefrontClient, init?: CallInit, { pageSize = DEFAULT_PAGE_SIZE }: InfinitePaging = {}) => {
    const { meta } = fn;
    const paging = meta.paging;
    if (!paging) throw new TypeError(`${meta.operationId} does not page`);
    return {
      queryKey: [...keyOf(meta, init), { pageSize }],
      initialPageParam: paging.style === 'offset' ? 0 : undefined,
      queryFn: ({ pageParam, signal }: { pageParam: unknown; signal: AbortSignal }) =>
        (fn as unknown as Call)(client, { ...withPage(meta, paging, init, pageRequest(paging, pageSize, pageParam)), signal }),
      getNextPageParam: (last: unknown, _pages: unknown[], param: unknown) => nextPageParam(paging, last, param, pageSize),
      ...(scoped && { meta: { identityScoped: true } }),
    };
  }) as unknown as InfiniteQueryOptionsFactory<F>;
