// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Component, type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index';
import {
  StorefrontProvider,
  useAddToCurrentCart,
  useGetCheckout,
  useGetCurrentCart,
  useQueryMembersInfinite,
  useQueryProducts,
  useQueryReviewsInfinite,
  useStorefrontClient,
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
    type LineItem = { quantity: number; catalogReference: { catalogItemId: string; appId: string } };
    let mutate: ((init: { body: { lineItems: LineItem[] } }) => void) | undefined;
    function Add() {
      const add = useAddToCurrentCart();
      mutate = add.mutate;
      return <p>{add.data ? 'added' : add.status}</p>;
    }
    const view = render({ 'POST /v1/carts/current/add-to-cart': () => json(200, { cart: { id: 'c1' } }) }, <Add />);
    expect(calls(view.seen, '/v1/carts/current/add-to-cart')).toHaveLength(0);
    act(() => mutate?.({ body: { lineItems: [{ quantity: 2, catalogReference: { catalogItemId: 'i1', appId: 'a1' } }] } }));
    await settle(() => view.container.textContent === 'added');
    expect(calls(view.seen, '/v1/carts/current/add-to-cart')[0]?.body).toEqual({
      lineItems: [{ quantity: 2, catalogReference: { catalogItemId: 'i1', appId: 'a1' } }],
    });
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

  it('make a write refresh the reads it changes before it settles, and still call onSuccess', async () => {
    let items = 0;
    let add: ((quantity: number) => Promise<unknown>) | undefined;
    const seenOnSuccess: unknown[] = [];
    function Cart({ invalidate }: { invalidate?: boolean }) {
      const cart = useGetCurrentCart();
      const mutation = useAddToCurrentCart({
        ...(invalidate === false && { invalidate }),
        onSuccess: () => void seenOnSuccess.push(view.queryClient.getQueryData(['commerce', 'getCurrentCart'])),
      });
      add = (quantity) =>
        mutation.mutateAsync({ body: { lineItems: [{ quantity, catalogReference: { catalogItemId: 'i1', appId: 'a1' } }] } });
      return <p>{cart.data ? `${cart.data.cart?.lineItems?.length} items` : 'loading'}</p>;
    }
    const routes = {
      'GET /v1/carts/current': () => json(200, { cart: { lineItems: Array.from({ length: items }, () => ({})) } }),
      'POST /v1/carts/current/add-to-cart': () => {
        items += 1;
        return json(200, { cart: {} });
      },
    };
    const view = render(routes, <Cart />);
    await settle(() => view.container.textContent === '0 items');
    await act(async () => void (await add?.(1)));
    // Refetched before mutateAsync resolved and before onSuccess ran; the totals, not on screen, were not fetched.
    expect(calls(view.seen, '/v1/carts/current')).toHaveLength(2);
    expect(seenOnSuccess).toEqual([{ cart: { lineItems: [{}] } }]);
    expect(calls(view.seen, '/v1/carts/current/estimate-totals')).toHaveLength(0);
    act(() => view.root.unmount());

    seenOnSuccess.length = 0;
    const untouched = render(routes, <Cart invalidate={false} />);
    await settle(() => untouched.container.textContent === '1 items');
    await act(async () => void (await add?.(1)));
    expect(calls(untouched.seen, '/v1/carts/current')).toHaveLength(1);
    expect(seenOnSuccess).toEqual([{ cart: { lineItems: [{}] } }]);
    act(() => untouched.root.unmount());
  });

  it('name the missing provider', () => {
    class Caught extends Component<{ children: ReactNode }, { message?: string }> {
      override state: { message?: string } = {};
      static getDerivedStateFromError(error: Error) {
        return { message: error.message };
      }
      override render() {
        return this.state.message ?? this.props.children;
      }
    }
    function Orphan() {
      useStorefrontClient();
      return null;
    }
    const container = document.createElement('div');
    const root = createRoot(container, { onCaughtError: () => undefined });
    act(() =>
      root.render(
        <Caught>
          <Orphan />
        </Caught>,
      ),
    );
    expect(container.textContent).toMatch(/StorefrontProvider/);
    act(() => root.unmount());
  });

  it('let StorefrontProvider sit outside a QueryClientProvider, where an identity change resets nothing', () => {
    let who = 'visitor:v1';
    const listeners = new Set<() => void>();
    const auth = {
      getAuthHeaders: async () => ({}),
      identity: () => who,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const client = createClient({ baseUrl: 'https://api.test', auth });
    function Client() {
      return <p>{useStorefrontClient() === client ? 'client' : 'other'}</p>;
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() =>
      root.render(
        <StorefrontProvider client={client}>
          <Client />
        </StorefrontProvider>,
      ),
    );
    expect(container.textContent).toBe('client');
    who = 'member:m1';
    expect(() => {
      for (const listener of listeners) listener();
    }).not.toThrow();
    act(() => root.unmount());
    expect(listeners.size).toBe(0);
  });
});
