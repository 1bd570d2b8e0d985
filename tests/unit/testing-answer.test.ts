import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getCheckout, getCurrentCart } from '../../src/commerce';
import { type ApiError, apiKey, createClient, isApiError, SystemError } from '../../src/index';
import { getProduct } from '../../src/platform';
import { CONNECTION_FAULTS } from '../../src/protocol';
import { answer, ContractViolation, cart, checkout, prepareAnswer, product } from '../../src/testing/index';

// answer(): one operation's MSW handler, judged against the contract when built. These run in-process (msw/node);
// the `@ts-expect-error` lines are the misuses that must not compile (npm run lint type-checks this file).
const BASE_URL = 'https://api.answers.test';
const server = setupServer();
const client = createClient({ baseUrl: BASE_URL, auth: apiKey('test-key'), timeoutMs: 1000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

const violationsOf = (build: () => unknown): { field: string; violatedRule: string | undefined }[] => {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(ContractViolation);
    return (error as ContractViolation).violations.map(({ field, violatedRule }) => ({ field, violatedRule }));
  }
  throw new Error('expected a ContractViolation');
};

describe('answer()', () => {
  it('answers a declared code in the platform error body, typed for isApiError', async () => {
    server.use(answer(getCurrentCart, { status: 404, code: 'OWNED_CART_NOT_FOUND' }));
    const error = await failureOf(getCurrentCart(client));
    expect(isApiError(error, getCurrentCart, 'OWNED_CART_NOT_FOUND')).toBe(true);
    expect((error as ApiError).status).toBe(404);
  });

  it('answers a body built by a data builder, and the contract example when no body is given', async () => {
    server.use(answer(getCurrentCart, { status: 200, body: { cart: cart({ lineItems: [] }) } }));
    expect((await getCurrentCart(client)).cart.lineItems).toEqual([]);
    server.use(answer(getProduct, {}));
    const { product: read } = await getProduct(client, { params: { path: { id: product().id } } });
    expect(read.id).toBe(product().id);
  });

  it('matches the path template with any origin, or only the base URL given', async () => {
    const body = { checkout: checkout() };
    server.use(answer(getCheckout, { status: 200, body }));
    expect((await getCheckout(client, { params: { path: { id: 'any-id' } } })).checkout.id).toBe(body.checkout.id);
    server.resetHandlers(answer(getCheckout, { status: 200, body }, { baseUrl: 'https://other.test' }));
    expect(await failureOf(getCheckout(client, { params: { path: { id: 'any-id' } } }))).toBeInstanceOf(Error);
  });

  it('answers the gateway statuses every operation declares, with Retry-After on a 429 or 503', async () => {
    server.use(answer(getCurrentCart, { status: 429, retryAfterSeconds: 7 }));
    const response = await fetch(`${BASE_URL}/v1/carts/current`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('x-wix-request-id')).toMatch(/^\d+\.\d+\./);
    expect(await response.json()).toMatchObject({ details: { applicationError: { code: 'TOO_MANY_REQUESTS' } } });
    for (const status of [502, 503, 504] as const) {
      server.use(answer(getCurrentCart, { status }));
      expect((await fetch(`${BASE_URL}/v1/carts/current`)).status).toBe(status);
    }
  });

  it('waits the latency asked for', async () => {
    server.use(answer(getCurrentCart, { latency: 120 }));
    const started = performance.now();
    await getCurrentCart(client);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it.each(CONNECTION_FAULTS)('answers a %s fault as the client meets it on the wire: a SystemError', async (fault) => {
    server.use(answer(getCurrentCart, { fault }));
    const error = await failureOf(getCurrentCart(createClient({ baseUrl: BASE_URL, auth: apiKey('k'), timeoutMs: 300 })));
    expect(error).toBeInstanceOf(SystemError);
  });

  it('refuses, when built, what the contract does not declare, naming field and rule', () => {
    // @ts-expect-error 428 is not an answer getCurrentCart declares
    expect(violationsOf(() => answer(getCurrentCart, { status: 428, code: 'CART_LOCKED' }))).toEqual([
      { field: 'status', violatedRule: 'INVALID_ENUM_VALUE' },
    ]);
    // @ts-expect-error NOT_FOUND is not a code getCurrentCart's 404 declares
    expect(violationsOf(() => answer(getCurrentCart, { status: 404, code: 'NOT_FOUND' }))).toContainEqual({
      field: 'code',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
    // @ts-expect-error lineItems is an array
    expect(violationsOf(() => answer(getCurrentCart, { status: 200, body: { cart: { ...cart(), lineItems: 'none' } } }))).toEqual([
      { field: 'body.cart.lineItems', violatedRule: 'FORMAT' },
    ]);
    // @ts-expect-error a failure carries no Retry-After unless it is a 429 or 503
    expect(violationsOf(() => answer(getCurrentCart, { status: 404, retryAfterSeconds: 3 }))).toEqual([
      { field: 'retryAfterSeconds', violatedRule: 'FIELD_NOT_ALLOWED' },
    ]);
    // @ts-expect-error not a connection fault
    expect(violationsOf(() => answer(getCurrentCart, { fault: 'explode' }))).toEqual([
      { field: 'fault', violatedRule: 'INVALID_ENUM_VALUE' },
    ]);
  });

  it('refuses what the types cannot see: an answer missing a field answers always carry', () => {
    const { id: _dropped, ...withoutId } = cart();
    expect(violationsOf(() => answer(getCurrentCart, { status: 200, body: { cart: withoutId as ReturnType<typeof cart> } }))).toEqual([
      { field: 'body.cart.id', violatedRule: 'REQUIRED_FIELD' },
    ]);
  });

  it('refuses a function that is not an operation of the contract', () => {
    const notAnOperation = { meta: { family: 'commerce', operationId: 'getCartz', method: 'GET', path: '/x' } } as const;
    expect(() => prepareAnswer(notAnOperation, {})).toThrow(/getCartz is not an operation of the contract/);
  });
});

describe('data builders', () => {
  it('build the contract example, with deep-partial overrides, and a fresh copy each time', () => {
    const empty = cart({ lineItems: [], buyerNote: 'leave at the door' });
    expect(empty.lineItems).toEqual([]);
    expect(empty.buyerNote).toBe('leave at the door');
    expect(empty.id).toBe(cart().id);
    expect(cart().lineItems?.length).toBeGreaterThan(0);
    const renamed = product({ name: 'Blue mug', priceData: { currency: 'EUR' } });
    expect(renamed.name).toBe('Blue mug');
    expect(renamed.priceData?.currency).toBe('EUR');
    expect(renamed.priceData?.price).toBe(product().priceData?.price);
  });

  it('throw when the built value breaks the schema, naming field and rule', () => {
    const [first] = cart().lineItems ?? [];
    // @ts-expect-error a quantity is a number
    expect(violationsOf(() => cart({ lineItems: [{ ...first, quantity: 'two' }] }))).toEqual([
      { field: 'cart.lineItems[0].quantity', violatedRule: 'FORMAT' },
    ]);
    expect(violationsOf(() => product({ name: '' }))).toEqual([{ field: 'product.name', violatedRule: 'MIN_LENGTH' }]);
  });
});
