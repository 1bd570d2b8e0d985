import { hashKey, partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getCheckoutQueryKey, getCurrentCart, getCurrentCartQueryKey, getCurrentCartQueryOptions } from '../../src/commerce';
import {
  ApiError,
  ApplicationError,
  type AuthStrategy,
  createClient,
  isApiError,
  noAuth,
  type ResettableQueries,
  resetOnIdentityChange,
  ValidationError,
} from '../../src/index';
import { queryProductsInfiniteQueryOptions, queryProductsQueryKey, queryProductsQueryOptions } from '../../src/platform';
import { fakePlatform, json } from '../support/fake-platform';

// The React-free half of the React layer: keys, query options and the typed error guard.
// A product as an answer carries it: its id and the dates the catalogue sets.
const product = (id: string) => ({ id, createdDate: '2026-01-01T00:00:00.000Z', lastUpdated: '2026-01-01T00:00:00.000Z' });
const operation = (operationId: string) => ({ family: 'commerce' as const, method: 'GET', path: '/v1/carts/current', operationId });

describe('query keys', () => {
  it('are [family, operationId, asked?]: a prefix matches every variant of an operation', () => {
    expect(getCurrentCartQueryKey()).toEqual(['commerce', 'getCurrentCart']);
    expect(getCheckoutQueryKey()).toEqual(['commerce', 'getCheckout']);
    expect(getCheckoutQueryKey({ params: { path: { id: 'c-1' } }, headers: { 'x-a': 'b' } })).toEqual([
      'commerce',
      'getCheckout',
      { params: { path: { id: 'c-1' } } },
    ]);
  });

  it('hash and match as if a part not given were left out, and have no asked part when nothing was', () => {
    const bodyOnly = queryProductsQueryKey({ body: { query: {} } });
    expect(bodyOnly).toEqual(['platform', 'queryProducts', { body: { query: {} } }]);
    expect(hashKey(bodyOnly)).toBe(hashKey(['platform', 'queryProducts', { body: { query: {} } }]));
    const paramsOnly = getCheckoutQueryKey({ params: { path: { id: 'c-1' } }, body: undefined });
    expect(hashKey(paramsOnly)).toBe(hashKey(['commerce', 'getCheckout', { params: { path: { id: 'c-1' } } }]));
    // Both ways round: what the cache holds matches a filter written without the absent part, and the reverse.
    expect(partialMatchKey(paramsOnly, ['commerce', 'getCheckout', { params: { path: { id: 'c-1' } } }])).toBe(true);
    expect(partialMatchKey(['commerce', 'getCheckout', { params: { path: { id: 'c-1' } } }], paramsOnly)).toBe(true);
    expect(partialMatchKey(paramsOnly, getCheckoutQueryKey({ params: { path: { id: 'c-2' } } }))).toBe(false);
    expect(getCurrentCartQueryKey({ headers: { 'x-a': 'b' } })).toStrictEqual(['commerce', 'getCurrentCart']);
  });
});

describe('query options', () => {
  it("call the operation through the client, and mark the caller's reads", async () => {
    const platform = fakePlatform({ 'GET /v1/carts/current': () => json(200, { cart: { id: 'c1' } }) });
    const client = createClient({ baseUrl: 'https://api.test', auth: noAuth(), fetch: platform.fetch });
    const options = getCurrentCartQueryOptions(client);
    expect(options.queryKey).toEqual(['commerce', 'getCurrentCart']);
    expect(options.meta).toEqual({ identityScoped: true });
    expect(await options.queryFn({ signal: new AbortController().signal })).toEqual({ cart: { id: 'c1' } });
    expect(queryProductsQueryOptions(client, { body: { query: {} } }).meta).toBeUndefined();
  });

  it('page a body-paged read: the key holds the page size, the next page stops at the total', () => {
    const client = createClient({ baseUrl: 'https://api.test', auth: noAuth() });
    const options = queryProductsInfiniteQueryOptions(client, { body: { query: {} } }, { pageSize: 2 });
    expect(options.queryKey).toEqual(['platform', 'queryProducts', { body: { query: {} } }, { pageSize: 2 }]);
    expect(options.initialPageParam).toBe(0);
    const first = { products: [product('a'), product('b')], metadata: { total: 4 } };
    expect(options.getNextPageParam(first, [first], 0)).toBe(2);
    // A full page that reaches the total is the last one.
    const last = { products: [product('c'), product('d')], metadata: { total: 4 } };
    expect(options.getNextPageParam(last, [first, last], 2)).toBeUndefined();
  });
});

describe('isApiError', () => {
  const notFound = new ApplicationError(
    'no cart',
    { code: 'OWNED_CART_NOT_FOUND', description: 'no cart' },
    { status: 404, operation: operation('getCurrentCart') },
  );
  it('checks the operation and the code at run time', () => {
    expect(isApiError(notFound, getCurrentCart, 'OWNED_CART_NOT_FOUND')).toBe(true);
    expect(isApiError(notFound, getCurrentCart, 'UNAUTHENTICATED')).toBe(false);
    expect(isApiError(notFound, getCurrentCart)).toBe(true);
    const elsewhere = new ApplicationError(
      'x',
      { code: 'OWNED_CART_NOT_FOUND', description: '' },
      { status: 404, operation: operation('getOrder') },
    );
    expect(isApiError(elsewhere, getCurrentCart, 'OWNED_CART_NOT_FOUND')).toBe(false);
    expect(isApiError(new ValidationError([], { status: 400 }), getCurrentCart, 'OWNED_CART_NOT_FOUND')).toBe(false);
    expect(isApiError(new ApiError('x', { status: 500 }), getCurrentCart)).toBe(true);
    expect(isApiError(new Error('x'), getCurrentCart)).toBe(false);
  });
});

describe('resetOnIdentityChange', () => {
  /** A strategy whose caller the test changes: `notify` tells the listeners, as a real strategy does on any change. */
  const switchable = () => {
    let who = '';
    const listeners = new Set<() => void>();
    const auth: AuthStrategy = {
      getAuthHeaders: async () => ({}),
      identity: () => who,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const become = (next: string) => {
      who = next;
      for (const listener of listeners) listener();
    };
    return { auth, listeners, become };
  };
  const recording = () => {
    const reset: boolean[][] = [];
    const queries: ResettableQueries = {
      resetQueries: async ({ predicate }) => {
        reset.push([predicate({ meta: { identityScoped: true } }), predicate({ meta: undefined }), predicate({})]);
      },
    };
    return { queries, reset };
  };

  it("resets only the identity-scoped queries, when the caller changes, not on the session's first token or a renewal", () => {
    const { auth, listeners, become } = switchable();
    const { queries, reset } = recording();
    const stop = resetOnIdentityChange(queries, createClient({ baseUrl: 'https://api.test', auth }));
    become('visitor:v1');
    become('visitor:v1');
    expect(reset).toEqual([]);
    become('member:m1');
    expect(reset).toEqual([[true, false, false]]);
    become('');
    expect(reset).toHaveLength(2);
    stop();
    expect(listeners.size).toBe(0);
  });

  it('is a no-op for a strategy that cannot be observed', () => {
    const { queries, reset } = recording();
    const stop = resetOnIdentityChange(queries, createClient({ baseUrl: 'https://api.test', auth: noAuth() }));
    expect(stop).toBeTypeOf('function');
    stop();
    expect(reset).toEqual([]);
  });
});
