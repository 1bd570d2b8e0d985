import { describe, expect, it } from 'vitest';
import { createStatefulEngine } from '../../mock/engine/engine';
import { PlatformFailure } from '../../mock/engine/failure';
import type { ServiceOperations } from '../../mock/engine/operation';
import { readDocuments } from '../../mock/node/read-documents';
import { readFixtures } from '../../mock/node/read-fixtures';
import { SERVICES } from '../../mock/services/index';
import { API_KEY } from '../support/mock-credentials';

// The engine without a server: every operation has a handler, answers are checked against the contract before
// they leave (a wrong answer is a 500 naming the operation and the field), refusals keep to declared statuses,
// and events reach the sink only when a call succeeds.
const documents = readDocuments();
const fixtures = readFixtures();

const engineWith = (operations: ServiceOperations) =>
  createStatefulEngine({
    documents,
    fixtures,
    services: { ...SERVICES, operations: { ...SERVICES.operations, ...operations } },
    publicUrl: () => 'http://mock.test',
  });

const call = async (
  engine: ReturnType<typeof engineWith>,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: unknown,
) => {
  const response = await engine.handle({
    method,
    target,
    headers: { 'content-type': 'application/json', ...headers },
    body: new TextEncoder().encode(body === undefined ? '' : JSON.stringify(body)),
    requestId: 'test-request',
  });
  const text = typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body);
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : undefined };
};

describe('the stateful engine', () => {
  it('has a handler for each of the 144 operations of both families', async () => {
    const { operations: commerce } = await import('../../generated/commerce/operations');
    const { operations: platform } = await import('../../generated/platform/operations');
    const ids = new Set([...commerce, ...platform].map((operation) => operation.operationId));
    expect(ids.size).toBe(144);
    expect([...ids].filter((id) => !SERVICES.operations[id])).toEqual([]);
    expect(Object.keys(SERVICES.operations).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('answers a 500 naming the operation and the field when an answer breaks the response schema', async () => {
    const engine = engineWith({
      getCurrentCart: {
        access: 'shopper',
        handle: async () => ({
          body: {
            cart: { id: 'not-a-uuid', lineItems: [], createdDate: '2026-03-01T10:00:00.000Z', updatedDate: '2026-03-01T10:00:00.000Z' },
          },
        }),
      },
    });
    const { status, body } = await call(engine, 'GET', '/v1/carts/current', { authorization: API_KEY });
    expect(status).toBe(500);
    expect(body?.details.applicationError).toMatchObject({ code: 'INTERNAL', data: { operationId: 'getCurrentCart' } });
    expect(body?.details.applicationError.description).toMatch(/getCurrentCart contract .*"cart\.id" must be a valid uuid/);
  });

  it('names the full path of a violation deep inside a record, and keeps no verdict on a frozen record that failed', async () => {
    const added = await call(
      engineWith({}),
      'POST',
      '/v1/carts/current/add-to-cart',
      { authorization: API_KEY, 'x-mock-session': 'deep' },
      {
        lineItems: [
          {
            quantity: 1,
            catalogReference: {
              catalogItemId: 'c8539b66-7a44-fe18-affc-afec4be8562a',
              appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
              options: { variantId: '00000000-0000-0020-0005-ad9cdc8a2b0f' },
            },
          },
        ],
      },
    );
    expect(added.status).toBe(200);
    const cart = added.body?.cart as Record<string, any>;
    const good = Object.freeze(cart.lineItems[0]);
    const bad = Object.freeze({ ...cart.lineItems[0], id: 'not-a-uuid' });
    let answer = { ...cart, lineItems: [good] };
    const engine = engineWith({ getCurrentCart: { access: 'shopper', handle: async () => ({ body: { cart: answer } }) } });
    const read = () => call(engine, 'GET', '/v1/carts/current', { authorization: API_KEY });
    expect((await read()).status).toBe(200);
    // The line that passed is kept as it is; the new line beside it is checked, and is wrong every time it is answered.
    answer = { ...cart, lineItems: [good, bad] };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { status, body } = await read();
      expect(status).toBe(500);
      expect(body?.details.applicationError.description).toMatch(/"cart\.lineItems\[1\]\.id" must be a valid uuid/);
    }
    // A line that is not frozen can change after it passed: it is checked again.
    const open = { ...cart.lineItems[0] };
    answer = { ...cart, lineItems: [open] };
    expect((await read()).status).toBe(200);
    open.quantity = -1;
    const { status, body } = await read();
    expect(status).toBe(500);
    expect(body?.details.applicationError.description).toMatch(/"cart\.lineItems\[0\]\.quantity" must be >= /);
  });

  it('answers a 500 when a handler refuses with a status the operation does not declare', async () => {
    const engine = engineWith({
      getCurrentCart: { access: 'shopper', handle: async () => Promise.reject(new PlatformFailure(409, 'CONFLICT', 'no')) },
    });
    const { status, body } = await call(engine, 'GET', '/v1/carts/current', { authorization: API_KEY });
    expect(status).toBe(500);
    expect(body?.details.applicationError.description).toMatch(/409 CONFLICT, a status the operation does not declare/);
  });

  it('records events only of calls that succeed', async () => {
    const engine = engineWith({});
    const session = { authorization: API_KEY, 'x-mock-session': 'events' };
    await call(engine, 'POST', '/v1/carts/current/add-to-cart', session, {
      lineItems: [{ quantity: 1, catalogReference: { catalogItemId: 'no-such-item', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' } }],
    });
    expect(await engine.events.list('events')).toEqual([]);
    const added = await call(engine, 'POST', '/v1/carts/current/add-to-cart', session, {
      lineItems: [
        {
          quantity: 1,
          catalogReference: { catalogItemId: '5376f9ec-b92e-efa9-e4a1-f4f480aa0d3a', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
        },
      ],
    });
    expect(added.status).toBe(200);
    const [event] = await engine.events.list('events');
    expect(event).toMatchObject({
      eventType: 'wix.ecom.v1.cart_updated',
      entityFqdn: 'wix.ecom.v1.cart',
      slug: 'updated',
      operationId: 'addToCurrentCart',
      identity: { identityType: 'WIX_USER' },
    });
    expect(event?.payload).toHaveProperty('updatedEvent.currentEntity.id', added.body?.cart.id);
  });

  it('hands every event to subscribers, and a failing subscriber does not fail the call', async () => {
    const engine = engineWith({});
    const seen: string[] = [];
    engine.events.subscribe(() => {
      throw new Error('subscriber bug');
    });
    const stop = engine.events.subscribe((event) => {
      seen.push(event.eventType);
    });
    const { status } = await call(engine, 'DELETE', '/v1/carts/current', { authorization: API_KEY, 'x-mock-session': 'subscribers' });
    expect(status).toBe(200);
    stop();
    await call(
      engine,
      'POST',
      '/v1/carts/current/add-to-cart',
      { authorization: API_KEY, 'x-mock-session': 'subscribers' },
      {
        lineItems: [
          {
            quantity: 1,
            catalogReference: { catalogItemId: '5376f9ec-b92e-efa9-e4a1-f4f480aa0d3a', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
          },
        ],
      },
    );
    expect(seen).toEqual(['wix.ecom.v1.cart_deleted']);
  });

  it('tells 401 (no or unknown token) from 403 (a role that may not call)', async () => {
    const engine = engineWith({});
    expect((await call(engine, 'GET', '/v1/carts/current')).status).toBe(401);
    expect((await call(engine, 'GET', '/v1/carts/current', { authorization: 'forged' })).body?.details.applicationError.code).toBe(
      'UNAUTHENTICATED',
    );
    const token = await call(
      engine,
      'POST',
      '/oauth2/token',
      {},
      { grantType: 'anonymous', clientId: '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f' },
    );
    const visitor = { authorization: token.body?.access_token as string };
    const denied = await call(engine, 'POST', '/v1/orders/search', visitor, {});
    expect(denied.status).toBe(403);
    expect(denied.body?.details.applicationError).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(denied.body?.details.applicationError.description).toMatch(/searchOrders needs the merchant's API key; the caller is a visitor/);
    // An unknown token is refused before its body is read: a 401, not a 400.
    expect((await call(engine, 'POST', '/v1/orders/search', { authorization: 'forged' }, { search: 'not an object' })).status).toBe(401);
  });

  it('asks extra controls first, and keeps the built-in ones', async () => {
    const engine = createStatefulEngine({
      documents,
      fixtures,
      services: SERVICES,
      publicUrl: () => 'http://mock.test',
      controls: async (_request, method, path) =>
        method === 'GET' && path === '/__mock/webhooks/public-key'
          ? { status: 200, headers: { 'content-type': 'text/plain' }, body: 'PEM' }
          : undefined,
    });
    const extra = await engine.handle({
      method: 'GET',
      target: '/__mock/webhooks/public-key',
      headers: {},
      body: new Uint8Array(),
      requestId: 'r',
    });
    expect(extra).toMatchObject({ status: 200, body: 'PEM' });
    expect((await call(engine as ReturnType<typeof engineWith>, 'GET', '/__mock/health')).body?.mode).toBe('stateful');
  });

  it('keeps sessions apart: a write in one is not seen in another', async () => {
    const engine = engineWith({});
    await call(engine, 'DELETE', '/v1/carts/current', { authorization: API_KEY, 'x-mock-session': 'one' });
    expect((await call(engine, 'GET', '/v1/carts/current', { authorization: API_KEY, 'x-mock-session': 'one' })).status).toBe(404);
    expect((await call(engine, 'GET', '/v1/carts/current', { authorization: API_KEY, 'x-mock-session': 'two' })).status).toBe(200);
  });

  it('reads a request sent without a body as the empty message: a required body is a 400 REQUIRED_FIELD', async () => {
    const engine = engineWith({});
    const query = await call(engine, 'POST', '/v1/products/query-platformized', { authorization: API_KEY });
    expect(query.status).toBe(400);
    expect(query.body?.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'body', violatedRule: 'REQUIRED_FIELD', description: 'is required' }),
    ]);
    const empty = await call(engine, 'POST', '/v1/products/query-platformized', { authorization: API_KEY }, {});
    expect(empty.status).toBe(200);
    expect(empty.body?.products.length).toBeGreaterThan(0);
    const add = await call(engine, 'POST', '/v1/carts/current/add-to-cart', { authorization: API_KEY, 'x-mock-session': 'empty-body' });
    expect(add.status).toBe(400);
    // The empty message has neither lineItems nor customLineItems, one of which the request schema requires.
    expect(add.body?.details.validationError.fieldViolations).toEqual([
      expect.objectContaining({
        field: 'body',
        violatedRule: 'REQUIRED_FIELD',
        description: 'must have lineItems or customLineItems',
        data: { alternatives: [['lineItems'], ['customLineItems']] },
      }),
    ]);
  });
});
