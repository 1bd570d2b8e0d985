// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useCursorInfiniteQuery, useOffsetInfiniteQuery } from '../../src/react/index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

const mount = (node: React.ReactNode) => {
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>));
  return { container, unmount: () => act(() => root.unmount()) };
};

describe('infinite query hooks', () => {
  it('pages an offset query 50 at a time until a short page', async () => {
    const items = Array.from({ length: 120 }, (_, i) => i);
    const seen: Array<{ limit: number; offset: number }> = [];
    const controls: { next?: () => unknown; hasNext?: boolean; count?: number } = {};
    function Products() {
      const query = useOffsetInfiniteQuery({
        queryKey: ['products'],
        fetchPage: async (paging) => {
          seen.push(paging);
          return { items: items.slice(paging.offset, paging.offset + paging.limit) };
        },
      });
      controls.next = query.fetchNextPage;
      controls.hasNext = query.hasNextPage;
      controls.count = query.data?.pages.flatMap((p) => p.items).length;
      return null;
    }
    const view = mount(<Products />);
    await settle();
    await act(async () => void (await controls.next?.()));
    await act(async () => void (await controls.next?.()));
    await settle();
    expect(seen).toEqual([
      { limit: 50, offset: 0 },
      { limit: 50, offset: 50 },
      { limit: 50, offset: 100 },
    ]);
    expect(controls.count).toBe(120);
    expect(controls.hasNext).toBe(false);
    view.unmount();
  });

  it('follows cursors until none is left', async () => {
    const pages: Record<string, { items: string[]; nextCursor?: string }> = {
      first: { items: ['a'], nextCursor: 'c2' },
      c2: { items: ['b'] },
    };
    const controls: { next?: () => unknown; hasNext?: boolean; items?: string[] } = {};
    function Reviews() {
      const query = useCursorInfiniteQuery({
        queryKey: ['reviews'],
        pageSize: 1,
        fetchPage: async ({ cursor }) => pages[cursor ?? 'first']!,
      });
      controls.next = query.fetchNextPage;
      controls.hasNext = query.hasNextPage;
      controls.items = query.data?.pages.flatMap((p) => p.items);
      return null;
    }
    const view = mount(<Reviews />);
    await settle();
    expect(controls.hasNext).toBe(true);
    await act(async () => void (await controls.next?.()));
    await settle();
    expect(controls.items).toEqual(['a', 'b']);
    expect(controls.hasNext).toBe(false);
    view.unmount();
  });
});
