// @vitest-environment jsdom
import { dehydrate, HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, inject, it } from 'vitest';
import { getCurrentCartQueryOptions } from '../../src/commerce';
import { apiKey, createClient, type StorefrontClient } from '../../src/index';
import { StorefrontProvider, useGetCurrentCartSuspense } from '../../src/react/index';
import { API_KEY } from '../support/mock-credentials';

// Server rendering: the server prefetches with the React-free query options, renders with react-dom/server and
// dehydrates; the browser hydrates the same markup from that state and does not ask the mock again.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const baseUrl = inject('mockUrl');
const session = `react-ssr-${Date.now()}`;

const clientCounting = (seen: string[]): StorefrontClient =>
  createClient({
    baseUrl,
    auth: apiKey(API_KEY),
    headers: { 'x-mock-session': session },
    fetch: (input, init) => {
      seen.push(`${init?.method ?? 'GET'} ${new URL(String(input instanceof Request ? input.url : input)).pathname}`);
      return fetch(input, init);
    },
  });

function CartBadge() {
  const { data } = useGetCurrentCartSuspense(undefined, { select: (answer) => answer.cart?.lineItems?.length ?? 0 });
  return <span>{`${data} items`}</span>;
}

const App = ({ client, queryClient, state }: { client: StorefrontClient; queryClient: QueryClient; state?: unknown }) => (
  <QueryClientProvider client={queryClient}>
    <HydrationBoundary state={state as never}>
      <StorefrontProvider client={client}>
        <CartBadge />
      </StorefrontProvider>
    </HydrationBoundary>
  </QueryClientProvider>
);

describe('server rendering', () => {
  it('prefetches on the server, dehydrates, and the hydrated browser does not fetch again', async () => {
    const serverSeen: string[] = [];
    const serverClient = clientCounting(serverSeen);
    const serverQueries = new QueryClient();
    await serverQueries.prefetchQuery(getCurrentCartQueryOptions(serverClient));
    const html = renderToString(<App client={serverClient} queryClient={serverQueries} />);
    const state = JSON.parse(JSON.stringify(dehydrate(serverQueries)));
    expect(serverSeen).toEqual(['GET /v1/carts/current']);
    expect(html).toMatch(/<span>\d+ items<\/span>/);

    const browserSeen: string[] = [];
    const browserClient = clientCounting(browserSeen);
    // Data the server just fetched is fresh for a minute: hydration must not refetch it on mount.
    const browserQueries = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const container = document.createElement('div');
    container.innerHTML = html;
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <App client={browserClient} queryClient={browserQueries} state={state} />, {
        onRecoverableError: (error) => errors.push(error),
      }),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(container.innerHTML).toBe(html);
    expect(errors).toEqual([]);
    expect(browserSeen).toEqual([]);
    expect(browserQueries.getQueryData(['commerce', 'getCurrentCart'])).toEqual(serverQueries.getQueryData(['commerce', 'getCurrentCart']));
    act(() => root.unmount());
  });
});
