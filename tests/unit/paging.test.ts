import { describe, expect, it, vi } from 'vitest';
import { paginateCursor, paginateOffset } from '../../src/paging/paginate';

const collect = async <T>(iterator: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of iterator) items.push(item);
  return items;
};

describe('paging helpers', () => {
  it('walks offset pages of 50 by default to the end', async () => {
    const all = Array.from({ length: 120 }, (_, i) => i);
    const fetchPage = vi.fn(async ({ limit, offset }: { limit: number; offset: number }) => ({ items: all.slice(offset, offset + limit) }));
    expect(await collect(paginateOffset(fetchPage))).toEqual(all);
    expect(fetchPage.mock.calls.map(([p]) => p)).toEqual([
      { limit: 50, offset: 0 },
      { limit: 50, offset: 50 },
      { limit: 50, offset: 100 },
    ]);
  });

  it('stops at the reported total without an extra empty page', async () => {
    const fetchPage = vi.fn(async ({ offset }: { limit: number; offset: number }) => ({ items: [offset, offset + 1], total: 4 }));
    expect(await collect(paginateOffset(fetchPage, { pageSize: 2 }))).toEqual([0, 1, 2, 3]);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('follows cursors until there is none', async () => {
    const pages: Record<string, { items: string[]; nextCursor?: string }> = {
      start: { items: ['a', 'b'], nextCursor: 'c2' },
      c2: { items: ['c'], nextCursor: 'c3' },
      c3: { items: ['d'] },
    };
    const fetchPage = vi.fn(async ({ cursor }: { limit: number; cursor: string | undefined }) => pages[cursor ?? 'start']!);
    expect(await collect(paginateCursor(fetchPage, { pageSize: 2 }))).toEqual(['a', 'b', 'c', 'd']);
    expect(fetchPage.mock.calls.map(([p]) => p.cursor)).toEqual([undefined, 'c2', 'c3']);
  });

  it('refuses a cursor that repeats and a page size out of bounds', async () => {
    await expect(collect(paginateCursor(async () => ({ items: [1], nextCursor: 'same' })))).rejects.toThrow(/did not advance/);
    await expect(collect(paginateOffset(async () => ({ items: [] }), { pageSize: 101 }))).rejects.toThrow(
      /pageSize must be an integer from 1 to 100/,
    );
  });
});
