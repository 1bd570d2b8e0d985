import { QueryClient } from '@tanstack/react-query';
import { expect, expectTypeOf, it } from 'vitest';
import { type getCurrentCart, getCurrentCartQueryKey, getCurrentCartQueryOptions } from '../../src/commerce';
import { createClient, type QueryKeyOf } from '../../src/index';
import { getProductQueryKey } from '../../src/platform';

// The keys carry their operation's answer: React Query's cache methods are typed by it (tsc checks this file).
type Cart = Awaited<ReturnType<typeof getCurrentCart>>;

it('types getQueryData, setQueryData, getQueryState and cancelQueries by the key', async () => {
  const queryClient = new QueryClient();
  const key = getCurrentCartQueryKey();
  queryClient.setQueryData(key, {
    cart: { id: 'c1', createdDate: '2026-01-01T00:00:00Z', updatedDate: '2026-01-01T00:00:00Z', lineItems: [] },
  });
  const cart = queryClient.getQueryData(key);
  expectTypeOf(cart).toEqualTypeOf<Cart | undefined>();
  expect(cart?.cart?.id).toBe('c1');
  expectTypeOf(queryClient.getQueryState(key)?.data).toEqualTypeOf<Cart | undefined>();
  const code: 'INVALID_ARGUMENT' | 'OWNED_CART_NOT_FOUND' | 'UNAUTHENTICATED' | 'TOO_MANY_REQUESTS' | undefined =
    queryClient.getQueryState(key)?.error?.code;
  expect(code).toBeUndefined();
  await queryClient.cancelQueries({ queryKey: key });
  const options = getCurrentCartQueryOptions(createClient({ baseUrl: 'https://api.test' }));
  expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<Cart | undefined>();
  expect(options.queryKey).toEqual(['commerce', 'getCurrentCart']);

  // @ts-expect-error setQueryData takes the answer's shape only
  queryClient.setQueryData(key, { cart: { lineItems: 'none' } });
  // @ts-expect-error the updater returns the cart's answer
  queryClient.setQueryData(key, (old) => old?.cart?.id);
  // @ts-expect-error a key without its family is not an operation's key
  const familyLess: QueryKeyOf<typeof getCurrentCart> = ['getCurrentCart'];
  // @ts-expect-error another operation's key holds another answer
  const products = queryClient.getQueryData(getProductQueryKey({ params: { path: { id: 'p' } } }))?.cart;
  expect([familyLess, products]).toHaveLength(2);
});
