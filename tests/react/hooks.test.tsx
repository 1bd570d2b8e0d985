// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, inject, it } from 'vitest';

import { ApiError, apiKey, createClient, ValidationError } from '../../src/index';
import { StorefrontProvider, useGetCheckout, useGetCurrentCart } from '../../src/react/index';
import { API_KEY } from '../support/mock-credentials';

// Generated hooks rendering against the live mock, through the provider's client.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const client = createClient({ baseUrl: inject('mockUrl'), auth: apiKey(API_KEY), headers: { 'x-mock-session': 'react-hooks' } });

function CartSize() {
  const { data, error } = useGetCurrentCart();
  if (error) return <p>error</p>;
  return <p data-testid="cart">{data ? `${data.cart?.lineItems?.length ?? 0} items` : 'loading'}</p>;
}

function CheckoutOrError({ id }: { id: string }) {
  const { data, error } = useGetCheckout({ params: { path: { id } } }, { retry: false });
  if (error) return <p data-testid="error">{`${error instanceof ValidationError ? 'ValidationError' : error.name}: ${error.message}`}</p>;
  return <p>{data ? 'checkout' : 'loading'}</p>;
}

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

const render = (node: React.ReactNode) => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root?.render(
      <QueryClientProvider client={queryClient}>
        <StorefrontProvider client={client}>{node}</StorefrontProvider>
      </QueryClientProvider>,
    ),
  );
  return queryClient;
};

const waitFor = async (read: () => string | null | undefined, expected: RegExp): Promise<string> => {
  for (let i = 0; i < 100; i += 1) {
    const text = read();
    if (text && expected.test(text)) return text;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  throw new Error(`timed out waiting for ${expected}; last: ${read()}`);
};

describe('generated hooks in React', () => {
  it('renders data from the mock', async () => {
    const queryClient = render(<CartSize />);
    expect(await waitFor(() => container?.textContent, /\d+ items/)).toMatch(/^[2-9]\d* items$/);
    // The query key is the family and the operation: no base URL.
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([['commerce', 'getCurrentCart']]);
  });

  it('renders an ApiError thrown by the runtime', async () => {
    const queryClient = render(<CheckoutOrError id="not-a-uuid" />);
    const text = await waitFor(() => container?.textContent, /Error/);
    expect(text).toMatch(/^ValidationError: INVALID_ARGUMENT: "id" /);
    expect(queryClient.getQueryCache().getAll()[0]?.state.error).toBeInstanceOf(ApiError);
  });
});
