// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { memberSignIn, oauthStrategy, type Tokens } from '../../src/auth/index';
import { getCurrentCart } from '../../src/commerce';
import { type ClientOptions, createClient, isApiError } from '../../src/index';
import { StorefrontProvider, useAddToCurrentCart, useGetCurrentCart, useListRecommendationAlgorithms } from '../../src/react/index';
import { API_KEY } from '../support/mock-credentials';

// The query cache against the stateful mock: a write refreshes the reads the spec says it changes, and a change
// of shopper resets the reads that belong to the caller, through the auth strategy's subscribe.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const baseUrl = inject('mockUrl');
// Client ids are GUIDs on the platform; the mock accepts any GUID.
const CLIENT_ID = '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f';
const COFFEE = { catalogItemId: '5376f9ec-b92e-efa9-e4a1-f4f480aa0d3a', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' };

/** A client whose fetch counts the GETs of the current cart and of the recommendation algorithms. */
const countingClient = (session: string, options: Partial<ClientOptions>) => {
  const gets = { cart: 0, algorithms: 0 };
  const client = createClient({
    baseUrl,
    headers: { 'x-mock-session': session },
    ...options,
    fetch: (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if ((init?.method ?? 'GET') === 'GET' && url.endsWith('/v1/carts/current')) gets.cart += 1;
      if (url.includes('/v1/recommendations/algorithms')) gets.algorithms += 1;
      return fetch(input, init);
    },
  });
  return { client, gets };
};

let add: ((quantity: number) => Promise<unknown>) | undefined;
function Cart({ invalidate }: { invalidate?: boolean }) {
  const cart = useGetCurrentCart(undefined, {
    select: (data) => data.cart?.lineItems?.reduce((sum, item) => sum + (item.quantity ?? 0), 0),
  });
  const mutation = useAddToCurrentCart({ ...(invalidate === false && { invalidate }) });
  add = (quantity) => mutation.mutateAsync({ body: { lineItems: [{ quantity, catalogReference: COFFEE }] } });
  const algorithms = useListRecommendationAlgorithms();
  if (isApiError(cart.error, getCurrentCart, 'OWNED_CART_NOT_FOUND')) return <p>empty cart</p>;
  if (cart.error) return <p>{`error ${cart.error.code ?? cart.error.name}`}</p>;
  return <p>{cart.data === undefined || !algorithms.data ? 'loading' : `${cart.data} in cart`}</p>;
}

const mounted: (() => void)[] = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) act(unmount);
  add = undefined;
});

const render = (client: ReturnType<typeof createClient>, invalidate?: boolean) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <StorefrontProvider client={client}>
          <Cart {...(invalidate === false && { invalidate })} />
        </StorefrontProvider>
      </QueryClientProvider>,
    ),
  );
  mounted.push(() => root.unmount());
  return { container, queryClient };
};

const waitFor = async (read: () => string | null, expected: RegExp): Promise<string> => {
  for (let i = 0; i < 200; i += 1) {
    const text = read();
    if (text && expected.test(text)) return text;
    await act(() => new Promise((resolve) => setTimeout(resolve, 25)));
  }
  throw new Error(`timed out waiting for ${expected}; last: ${read()}`);
};

const merchantSession = (name: string) => {
  const session = `${name}-${Date.now()}`;
  return countingClient(session, { headers: { 'x-mock-session': session, Authorization: API_KEY } });
};

describe('invalidation from the spec', () => {
  it('adding to the cart refreshes the cart with no app code, and only the reads it changes', async () => {
    const { client, gets } = merchantSession('react-invalidate');
    const view = render(client);
    const before = Number((await waitFor(() => view.container.textContent, /^\d+ in cart$/)).split(' ')[0]);
    expect(gets).toEqual({ cart: 1, algorithms: 1 });
    await act(async () => void (await add?.(2)));
    expect(await waitFor(() => view.container.textContent, new RegExp(`^${before + 2} in cart$`))).toBe(`${before + 2} in cart`);
    // The cart was read again; the recommendation algorithms (another service) were not.
    expect(gets).toEqual({ cart: 2, algorithms: 1 });
  });

  it('invalidate: false leaves the cached reads alone', async () => {
    const { client, gets } = merchantSession('react-no-invalidate');
    const view = render(client, false);
    const text = await waitFor(() => view.container.textContent, /^\d+ in cart$/);
    await act(async () => void (await add?.(1)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(view.container.textContent).toBe(text);
    expect(gets.cart).toBe(1);
  });
});

/** Member tokens minted by the mock for a fixture member (authorized_client grant with the API key). */
const memberTokens = async (session: string): Promise<Tokens> => {
  const response = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: API_KEY, 'content-type': 'application/json', 'x-mock-session': session },
    body: JSON.stringify({ grant_type: 'authorized_client', member_id: '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182' }),
  });
  const issued = (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
  return {
    accessToken: { value: issued.access_token, expiresAt: Math.floor(Date.now() / 1000) + issued.expires_in },
    refreshToken: { value: issued.refresh_token, role: 'member' },
  };
};

describe("identity changes reset the caller's reads", () => {
  it("a new visitor meets OWNED_CART_NOT_FOUND; sign-in shows the member's cart and sign-out a new visitor's, never the last one", async () => {
    const session = `react-identity-${Date.now()}`;
    const auth = oauthStrategy({ clientId: CLIENT_ID });
    const { client, gets } = countingClient(session, { auth });
    const view = render(client);
    expect(await waitFor(() => view.container.textContent, /^empty cart$/)).toBe('empty cart');
    await act(async () => void (await add?.(1)));
    expect(await waitFor(() => view.container.textContent, /^1 in cart$/)).toBe('1 in cart');
    expect(gets).toEqual({ cart: 2, algorithms: 1 });

    // Sign-in: the visitor's cart is dropped and the member's read, with the member's token.
    const member = await memberTokens(session);
    await act(async () => auth.setTokens(member));
    await waitFor(() => String(gets.cart), /^3$/);
    const expected = await getCurrentCart(client).then(
      (data) => `${data.cart?.lineItems?.reduce((sum, item) => sum + (item.quantity ?? 0), 0)} in cart`,
      (error: unknown) => (isApiError(error, getCurrentCart, 'OWNED_CART_NOT_FOUND') ? 'empty cart' : `error ${String(error)}`),
    );
    expect(expected).not.toBe('1 in cart');
    expect(await waitFor(() => view.container.textContent, /cart$/)).toBe(expected);

    // Sign-out: tokens cleared; the next shopper is a new visitor with no cart.
    await act(async () => void (await memberSignIn(auth).logout('http://127.0.0.1:9/')));
    await waitFor(() => String(gets.cart), /^5$/);
    expect(await waitFor(() => view.container.textContent, /^empty cart$/)).toBe('empty cart');
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
    // Reads that do not depend on the caller were kept.
    expect(gets.algorithms).toBe(1);
  });

  it('a renewal of the same shopper resets nothing', async () => {
    const session = `react-renewal-${Date.now()}`;
    const auth = oauthStrategy({ clientId: CLIENT_ID });
    const { client, gets } = countingClient(session, { auth });
    const view = render(client);
    await waitFor(() => view.container.textContent, /^empty cart$/);
    const tokens = auth.getTokens();
    await act(async () =>
      auth.setTokens({ ...tokens, accessToken: { value: tokens.accessToken.value, expiresAt: tokens.accessToken.expiresAt + 60 } }),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(gets.cart).toBe(1);
  });
});
