import type { QueryKey } from '@tanstack/react-query';
import * as ReactQuery from '@tanstack/react-query';
import { type CursorPage, DEFAULT_PAGE_SIZE, nextOffset, type OffsetPage } from '../paging/paginate';

/** useInfiniteQuery over an offset-paged operation; `fetchNextPage` asks for the next `pageSize` items. */
export const useOffsetInfiniteQuery = <T>({
  queryKey,
  fetchPage,
  pageSize = DEFAULT_PAGE_SIZE,
}: {
  queryKey: QueryKey;
  fetchPage: (paging: { limit: number; offset: number }, signal: AbortSignal) => Promise<OffsetPage<T>>;
  pageSize?: number;
}) =>
  ReactQuery.useInfiniteQuery({
    queryKey: [...queryKey, { pageSize }],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchPage({ limit: pageSize, offset: pageParam }, signal),
    getNextPageParam: (last, _pages, offset) => nextOffset(last, offset, pageSize),
  });

/** useInfiniteQuery over a cursor-paged operation, following `nextCursor`. */
export const useCursorInfiniteQuery = <T>({
  queryKey,
  fetchPage,
  pageSize = DEFAULT_PAGE_SIZE,
}: {
  queryKey: QueryKey;
  fetchPage: (paging: { limit: number; cursor: string | undefined }, signal: AbortSignal) => Promise<CursorPage<T>>;
  pageSize?: number;
}) =>
  ReactQuery.useInfiniteQuery({
    queryKey: [...queryKey, { pageSize }],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => fetchPage({ limit: pageSize, cursor: pageParam }, signal),
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
