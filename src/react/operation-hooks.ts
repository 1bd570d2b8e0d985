import type {
  InfiniteData,
  QueryKey,
  UseInfiniteQueryOptions,
  UseInfiniteQueryResult,
  UseMutationOptions,
  UseMutationResult,
  UseQueryOptions,
  UseQueryResult,
  UseSuspenseQueryOptions,
  UseSuspenseQueryResult,
} from '@tanstack/react-query';
import * as ReactQuery from '@tanstack/react-query';
import * as React from 'react';
import type { CallInit } from '../client/build-request';
import type { StorefrontClient } from '../client/create-client';
import type { DataOf, InitOf } from '../client/operation-function';
import type { InitOptional } from '../client/operation-types';
import { mayRetry } from '../client/transient';
import type { CodesOf, OperationError } from '../errors/operation-error';
import type { OperationMeta } from '../operations/operation-meta';
import type { InfinitePaging, OperationInfiniteQueryOptions, OperationQueryOptions } from '../query/query-options';
import { useStorefrontClient } from './provider';

// The thin adapter between the React-free query options and React Query: every hook builds its options with the
// provider's client, so hooks, prefetching and the operation functions share one runtime and one key per call.

interface AnyOperation {
  readonly meta: OperationMeta;
}
/** The operation a generated factory was made for (types only). */
type Of<O> = O extends { readonly operation?: infer F } ? F : never;
type ErrorOf<F> = OperationError<CodesOf<F>>;
type Options = (client: StorefrontClient, init?: CallInit, paging?: InfinitePaging) => OperationQueryOptions<unknown>;
type InfiniteOptions = (client: StorefrontClient, init?: CallInit, paging?: InfinitePaging) => OperationInfiniteQueryOptions<unknown>;
type Call = (client: StorefrontClient, init?: CallInit) => Promise<unknown>;

/** Every React Query option but the key and the function; `select` may change the data's type. */
export type QueryHookOptions<Data = unknown, Error = OperationError, Selected = Data> = Omit<
  UseQueryOptions<Data, Error, Selected, QueryKey>,
  'queryKey' | 'queryFn'
>;
export type SuspenseHookOptions<Data = unknown, Error = OperationError, Selected = Data> = Omit<
  UseSuspenseQueryOptions<Data, Error, Selected, QueryKey>,
  'queryKey' | 'queryFn'
>;
export type InfiniteHookOptions<Data = unknown, Error = OperationError, Selected = InfiniteData<Data>> = Omit<
  UseInfiniteQueryOptions<Data, Error, Selected, QueryKey, unknown>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
> &
  InfinitePaging;
export type MutationHookOptions<Data, Init, Error = OperationError, Context = unknown> = Omit<
  UseMutationOptions<Data, Error, Init, Context>,
  'mutationFn'
> & {
  /** Invalidate the reads the spec says this write changes, on success (default true). */
  readonly invalidate?: boolean;
};

type InitArgs<F, Rest extends unknown[]> = InitOptional<InitOf<F>> extends true ? [init?: InitOf<F>, ...Rest] : [init: InitOf<F>, ...Rest];

export type QueryHook<F> = <Selected = DataOf<F>>(
  ...args: InitArgs<F, [options?: QueryHookOptions<DataOf<F>, ErrorOf<F>, Selected>]>
) => UseQueryResult<Selected, ErrorOf<F>>;
export type SuspenseHook<F> = <Selected = DataOf<F>>(
  ...args: InitArgs<F, [options?: SuspenseHookOptions<DataOf<F>, ErrorOf<F>, Selected>]>
) => UseSuspenseQueryResult<Selected, ErrorOf<F>>;
export type InfiniteHook<F> = <Selected = InfiniteData<DataOf<F>>>(
  ...args: InitArgs<F, [options?: InfiniteHookOptions<DataOf<F>, ErrorOf<F>, Selected>]>
) => UseInfiniteQueryResult<Selected, ErrorOf<F>>;
/** `Context` is what `onMutate` returns (an optimistic update's snapshot), handed to `onError` and `onSettled`. */
export type MutationHook<F> = <Context = unknown>(
  options?: MutationHookOptions<DataOf<F>, InitOf<F>, ErrorOf<F>, Context>,
) => UseMutationResult<DataOf<F>, ErrorOf<F>, InitOf<F>, Context>;

// React Query's three retries, for what the runtime itself retries only (no answer, or a status that says to
// wait); any other answer is final at once. Spread before the options, so the hook's own `retry` wins; one in
// the QueryClient's defaults wins too.
const useRetry = () => React.useContext(ReactQuery.QueryClientContext)?.getDefaultOptions().queries?.retry ?? mayRetry;

// The factories generated hooks are made with: one line per operation, typed from its function.
export const queryHook = <O>(options: O): QueryHook<Of<O>> =>
  ((init?: CallInit, hookOptions?: object) =>
    ReactQuery.useQuery({ retry: useRetry(), ...(options as Options)(useStorefrontClient(), init), ...hookOptions } as never)) as QueryHook<
    Of<O>
  >;

export const suspenseHook = <O>(options: O): SuspenseHook<Of<O>> =>
  ((init?: CallInit, hookOptions?: object) =>
    ReactQuery.useSuspenseQuery({
      retry: useRetry(),
      ...(options as Options)(useStorefrontClient(), init),
      ...hookOptions,
    } as never)) as SuspenseHook<Of<O>>;

export const infiniteHook = <O>(options: O): InfiniteHook<Of<O>> =>
  ((init?: CallInit, { pageSize, ...rest }: InfinitePaging & object = {}) =>
    ReactQuery.useInfiniteQuery({
      retry: useRetry(),
      ...(options as InfiniteOptions)(useStorefrontClient(), init, { pageSize }),
      ...rest,
    } as never)) as InfiniteHook<Of<O>>;

/**
 * A write; once it succeeds it invalidates `reads` (operationIds of its family) unless `invalidate: false`, and
 * settles when the ones in use are fetched again, so `onSuccess` and `mutateAsync` see the fresh reads.
 */
export const mutationHook = <F extends AnyOperation>(fn: F, reads: readonly string[]): MutationHook<F> =>
  ((options: MutationHookOptions<unknown, CallInit> = {}) => {
    const client = useStorefrontClient();
    // The QueryClient React Query's own hooks read; useMutation throws when there is none.
    const queryClient = React.useContext(ReactQuery.QueryClientContext);
    // `invalidate` goes on to React Query with the rest: it ignores what it does not know.
    return ReactQuery.useMutation<unknown, OperationError, CallInit>({
      mutationFn: async (init) => {
        const data = await (fn as unknown as Call)(client, init);
        if (options.invalidate !== false) {
          await Promise.all(reads.map((read) => queryClient?.invalidateQueries({ queryKey: [fn.meta.family, read] })));
        }
        return data;
      },
      ...options,
    });
  }) as unknown as MutationHook<F>;
