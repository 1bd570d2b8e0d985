import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../protocol';

export { DEFAULT_PAGE_SIZE } from '../protocol';

export interface OffsetPage<T> {
  readonly items: readonly T[];
  /** Total matching items, when the service reports it. */
  readonly total?: number | undefined;
}

export interface CursorPage<T> {
  readonly items: readonly T[];
  /** Cursor of the next page; absent, null or empty on the last one. */
  readonly nextCursor?: string | null | undefined;
}

const checkPageSize = (pageSize: number): number => {
  // The contract allows a limit of 0, but a walk needs at least one item per page to advance.
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new RangeError(`pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}, got ${pageSize}`);
  }
  return pageSize;
};

/** The offset of the page after `page`, or undefined when `page` was the last. */
export const nextOffset = <T>(page: OffsetPage<T>, offset: number, pageSize: number): number | undefined => {
  const next = offset + page.items.length;
  if (page.items.length < pageSize) return undefined;
  if (page.total !== undefined && next >= page.total) return undefined;
  return next;
};

/** Walks an offset-paged operation to the end, one page of `pageSize` (default 50) at a time. */
export async function* paginateOffset<T>(
  fetchPage: (paging: { limit: number; offset: number }) => Promise<OffsetPage<T>>,
  { pageSize = DEFAULT_PAGE_SIZE }: { pageSize?: number } = {},
): AsyncGenerator<T, void, undefined> {
  const limit = checkPageSize(pageSize);
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const page: OffsetPage<T> = await fetchPage({ limit, offset });
    yield* page.items;
    offset = nextOffset(page, offset, limit);
  }
}

/** Walks a cursor-paged operation to the end, following `nextCursor`. */
export async function* paginateCursor<T>(
  fetchPage: (paging: { limit: number; cursor: string | undefined }) => Promise<CursorPage<T>>,
  { pageSize = DEFAULT_PAGE_SIZE }: { pageSize?: number } = {},
): AsyncGenerator<T, void, undefined> {
  const limit = checkPageSize(pageSize);
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page: CursorPage<T> = await fetchPage({ limit, cursor });
    yield* page.items;
    cursor = page.nextCursor || undefined;
    // A server that hands back a cursor it already gave would make this loop forever.
    if (cursor !== undefined && seen.has(cursor)) throw new Error(`Cursor paging did not advance: "${cursor}" repeated`);
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
}
