// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index';
import {
  StorefrontProvider,
  useAddToCurrentCart,
  useGetCheckout,
  useQueryMembersInfinite,
  useQueryProducts,
  useQueryReviewsInfinite,
} from '../../src/react/index';
import { fakePlatform, json, type SeenRequest } from '../support/fake-platform';

// The generated hooks over a stubbed platform: what they send, how often, and under which keys.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const render = (routes: Parameters<typeof fakePlatform>[0], node: ReactNode) => {
  const platform = fakePlatform(routes);
  const client = createClient({ baseUrl: 'https://api.test', fetch: platform.fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StorefrontProvider client={client}>{node}</StorefrontProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  return { ...platform, queryClient, container, root };
};

const settle = async (done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(done()).toBe(true);
};
const calls = (seen: SeenRequest[], path: string) => seen.filter((request) => request.path === path);

describe('generated React hooks', () => {
  it('make a read-only POST a cached query, fired once under StrictMode, keyed by family, operationId and body', async () => {
    function Products() {
      const { data } = useQueryProducts({ body: { query: { filter: '{"name":"shirt"}' } } });
      return <p>{data ? `${data.products?.length} products` : 'loading'}</p>;
    }
    const view = render(
      { 'POST /v1/products/query-platformized': () => json(200, { products: [{ id: 'p1' }], metadata: {} }) },
      <Products />,
    );
    await settle(() => view.container.textContent === '1 products');
    expect(calls(view.seen, '/v1/products/query-platformized')).toHaveLength(1);
    expect(
      view.queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['platform', 'queryProducts', { body: { query: { filter: '{"name":"shirt"}' } } }]]);
    act(() => view.root.unmount());
  });

  it('encode path parameters', async () => {
    function Checkout() {
      const { data } = useGetCheckout({ params: { path: { id: 'a/b?c#d' } } });
      return <p>{data ? 'done' : 'loading'}</p>;
    }
    const view = render({ 'GET /v1/checkouts/a%2Fb%3Fc%23d': () => json(200, { checkout: {} }) }, <Checkout />);
    await settle(() => view.container.textContent === 'done');
    act(() => view.root.unmount());
  });

  it('make writes mutations that send only when called', async () => {
    let mutate: ((init: { body: { lineItems: { quantity: number }[] } }) => void) | undefined;
    function Add() {
      const add = useAddToCurrentCart();
      mutate = add.mutate;
      return <p>{add.data ? 'added' : add.status}</p>;
    }
    const view = render({ 'POST /v1/carts/current/add-to-cart': () => json(200, { cart: { id: 'c1' } }) }, <Add />);
    expect(calls(view.seen, '/v1/carts/current/add-to-cart')).toHaveLength(0);
    act(() => mutate?.({ body: { lineItems: [{ quantity: 2 }] } }));
    await settle(() => view.container.textContent === 'added');
    expect(calls(view.seen, '/v1/carts/current/add-to-cart')[0]?.body).toEqual({ lineItems: [{ quantity: 2 }] });
    act(() => view.root.unmount());
  });

  it('page a cursor-paged query with its Infinite variant, following the cursors', async () => {
    let next: (() => void) | undefined;
    function Reviews() {
      const { data, fetchNextPage, hasNextPage } = useQueryReviewsInfinite({ body: { query: {} } }, { pageSize: 2 });
      next = () => void fetchNextPage();
      return <p>{`${data?.pages.flatMap((page) => page.reviews ?? []).length ?? 0} ${hasNextPage ? 'more' : 'end'}`}</p>;
    }
    const view = render(
      {
        'POST /v1/reviews/query': (request) => {
          const cursor = (request.body!.query as { cursorPaging?: { cursor?: string } }).cursorPaging?.cursor;
          return cursor === 'c2'
            ? json(200, { reviews: [{ id: 'r3' }], metadata: { cursors: {} } })
            : json(200, { reviews: [{ id: 'r1' }, { id: 'r2' }], metadata: { cursors: { next: 'c2' } } });
        },
      },
      <Reviews />,
    );
    await settle(() => view.container.textContent === '2 more');
    act(() => next?.());
    await settle(() => view.container.textContent === '3 end');
    expect(calls(view.seen, '/v1/reviews/query').map((request) => request.body)).toEqual([
      { query: { cursorPaging: { limit: 2 } } },
      { query: { cursorPaging: { limit: 2, cursor: 'c2' } } },
    ]);
    act(() => view.root.unmount());
  });

  it('page an offset-paged query until a short page', async () => {
    let next: (() => void) | undefined;
    function Members() {
      const { data, fetchNextPage, hasNextPage } = useQueryMembersInfinite({ body: { query: {} } }, { pageSize: 2 });
      next = () => void fetchNextPage();
      return <p>{`${data?.pages.flatMap((page) => page.members ?? []).length ?? 0} ${hasNextPage ? 'more' : 'end'}`}</p>;
    }
    const view = render(
      {
        'POST /v1/members/query': (request) => {
          const offset = (request.body!.query as { paging?: { offset?: number } }).paging?.offset ?? 0;
          return json(200, { members: offset === 0 ? [{ id: 'm1' }, { id: 'm2' }] : [{ id: 'm3' }], metadata: { total: 3 } });
        },
      },
      <Members />,
    );
    await settle(() => view.container.textContent === '2 more');
    act(() => next?.());
    await settle(() => view.container.textContent === '3 end');
    expect(calls(view.seen, '/v1/members/query').map((request) => (request.body!.query as { paging: unknown }).paging)).toEqual([
      { limit: 2, offset: 0 },
      { limit: 2, offset: 2 },
    ]);
    act(() => view.root.unmount());
  });
});
