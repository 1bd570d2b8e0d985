// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { getCurrentCart } from '../../src/commerce';
import { createClient, isApiError } from '../../src/index';
import { StorefrontProvider, useGetCurrentCart } from '../../src/react/index';
import { fakePlatform, json } from '../support/fake-platform';

// The hooks' default retry: a 4xx is an answer and shows at once; what is transient is asked again.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const noCart = () =>
  json(404, {
    message: 'OWNED_CART_NOT_FOUND',
    details: { applicationError: { code: 'OWNED_CART_NOT_FOUND', description: 'No cart' } },
  });

const render = (answers: (() => Response)[], node: ReactNode, queryClient = new QueryClient()) => {
  let asked = 0;
  const platform = fakePlatform({
    'GET /v1/carts/current': () => {
      const answer = answers[Math.min(asked, answers.length - 1)] as () => Response;
      asked += 1;
      return answer();
    },
  });
  const client = createClient({ baseUrl: 'https://api.test', fetch: platform.fetch });
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <StorefrontProvider client={client}>{node}</StorefrontProvider>
      </QueryClientProvider>,
    ),
  );
  return { container, requests: () => platform.seen.length, unmount: () => act(() => root.unmount()) };
};

const settle = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(done()).toBe(true);
};

// The README's React example, as a new visitor meets it: no retry option anywhere.
function Cart({ retryDelay }: { retryDelay?: number }) {
  const cart = useGetCurrentCart(undefined, { retryDelay });
  if (isApiError(cart.error, getCurrentCart, 'OWNED_CART_NOT_FOUND')) return <button type="button">Start a cart</button>;
  if (cart.error) return <p>{`error ${cart.error.status}`}</p>;
  return <p>{cart.data ? `${cart.data.cart?.lineItems?.length ?? 0} items` : 'loading'}</p>;
}

describe('the hooks default retry', () => {
  it("shows the README example's 'Start a cart' after one request: a 404 is not retried", async () => {
    const view = render([noCart], <Cart />);
    await settle(() => view.container.textContent === 'Start a cart');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(view.requests()).toBe(1);
    view.unmount();
  });

  it('retries a 503 and a failed connection, then shows the answer', async () => {
    const unavailable = () => json(503, { message: 'busy' });
    const view = render(
      [
        unavailable,
        () => {
          throw new TypeError('fetch failed');
        },
        () => json(200, { cart: { lineItems: [{ id: 'l1' }] } }),
      ],
      <Cart retryDelay={1} />,
    );
    await settle(() => view.container.textContent === '1 items');
    expect(view.requests()).toBe(3);
    view.unmount();
  });

  it('retries any 5xx, a 408 and a 429, and takes any other 4xx as final', async () => {
    const view = render(
      [
        () => json(500, { message: 'oops' }),
        () => json(408, { message: 'slow' }),
        () => json(429, { message: 'wait' }),
        () => json(200, { cart: { lineItems: [] } }),
      ],
      <Cart retryDelay={1} />,
    );
    await settle(() => view.container.textContent === '0 items');
    expect(view.requests()).toBe(4);
    view.unmount();

    const refused = render([() => json(400, { message: 'bad' })], <Cart retryDelay={1} />);
    await settle(() => refused.container.textContent === 'error 400');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(refused.requests()).toBe(1);
    refused.unmount();
  });

  it('stops after three retries of what stays unavailable', async () => {
    const view = render([() => json(503, { message: 'busy' })], <Cart retryDelay={1} />);
    await settle(() => view.container.textContent === 'error 503');
    expect(view.requests()).toBe(4);
    view.unmount();
  });

  it("keeps the user's own retry: the hook's option and the QueryClient's default both win", async () => {
    function Retried() {
      const cart = useGetCurrentCart(undefined, { retry: 2, retryDelay: 1 });
      return <p>{cart.error ? 'failed' : 'loading'}</p>;
    }
    const hook = render([noCart], <Retried />);
    await settle(() => hook.container.textContent === 'failed');
    expect(hook.requests()).toBe(3);
    hook.unmount();

    const quiet = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const defaults = render([() => json(503, { message: 'busy' })], <Cart />, quiet);
    await settle(() => defaults.container.textContent === 'error 503');
    expect(defaults.requests()).toBe(1);
    defaults.unmount();
  });
});
