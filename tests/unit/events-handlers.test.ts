import { beforeAll, describe, expect, it } from 'vitest';
import { createEventHandlers, EVENT_CATALOG, EventVerificationError, type VerifiedEvent } from '../../src/events';
import { message, ORDER, orderCreated, sign, type TestKeys, testKeys } from '../support/event-tokens';

let keys: TestKeys;
let other: TestKeys;
beforeAll(async () => {
  [keys, other] = await Promise.all([testKeys(), testKeys()]);
});

const ORDER_CREATED = 'wix.ecom.v1.order_created';
const delivery = (privateKey = keys.privateKey) => sign(privateKey, message(ORDER_CREATED, orderCreated()));

describe('createEventHandlers', () => {
  it('verifies a delivery, then runs the handlers of its type in the order they were added', async () => {
    const calls: string[] = [];
    const handlers = createEventHandlers({ publicKey: keys.publicKeyPem })
      .on(ORDER_CREATED, (event) => {
        calls.push(`first ${event.payload.createdEvent.entity.id}`);
      })
      .onOrderCreated(async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        calls.push(`second ${event.identity.identityType}`);
      })
      .on('wix.ecom.v1.order_canceled', () => {
        calls.push('canceled');
      });
    const result = await handlers.process(await delivery());
    expect(calls).toEqual([`first ${ORDER.id}`, 'second MEMBER']);
    expect(result.handled).toBe(2);
    expect(result.event.eventType).toBe(ORDER_CREATED);
  });

  it('has the platform SDK handler name of every event, registering for that event type', async () => {
    const handlers = createEventHandlers({ publicKey: keys.publicKeyPem });
    expect(EVENT_CATALOG.size).toBe(24);
    for (const { handler } of EVENT_CATALOG.values()) expect(typeof handlers[handler], handler).toBe('function');
    const seen: VerifiedEvent[] = [];
    handlers.onCartUpdated((event) => void seen.push(event));
    const cartUpdated = {
      id: 'e1',
      entityFqdn: 'wix.ecom.v1.cart',
      slug: 'updated',
      entityId: 'c1',
      eventTime: '2026-03-01T12:00:00.000Z',
      updatedEvent: { currentEntity: { id: 'c1' } },
    };
    await handlers.process(await sign(keys.privateKey, message('wix.ecom.v1.cart_updated', cartUpdated)));
    await handlers.process(await delivery());
    expect(seen.map((event) => event.eventType)).toEqual(['wix.ecom.v1.cart_updated']);
  });

  it('runs no handler for a delivery it refuses', async () => {
    let called = 0;
    const handlers = createEventHandlers({ publicKey: keys.publicKeyPem }).onOrderCreated(() => {
      called += 1;
    });
    await expect(handlers.process(await delivery(other.privateKey))).rejects.toBeInstanceOf(EventVerificationError);
    await expect(handlers.process('not a token')).rejects.toMatchObject({ reason: 'MALFORMED_TOKEN' });
    expect(called).toBe(0);
  });

  it("passes a handler's error on to the caller, so the receiver answers non-2xx and the event is delivered again", async () => {
    const handlers = createEventHandlers({ publicKey: keys.publicKeyPem }).onOrderCreated(() => {
      throw new Error('warehouse is down');
    });
    await expect(handlers.process(await delivery())).rejects.toThrow('warehouse is down');
  });

  it('processes a fetch Request, and counts no handler when none is registered', async () => {
    const handlers = createEventHandlers({ publicKey: keys.publicKey });
    const request = new Request('http://127.0.0.1/events', {
      method: 'POST',
      body: await delivery(),
      headers: { 'content-type': 'text/plain' },
    });
    const result = await handlers.processRequest(request);
    expect(result).toMatchObject({ handled: 0, event: { eventType: ORDER_CREATED } });
  });

  it('refuses an unknown event type or a handler that is no function when registering', () => {
    const handlers = createEventHandlers({ publicKey: keys.publicKeyPem });
    // @ts-expect-error not an event type of the spec
    expect(() => handlers.on('wix.ecom.v1.order_teleported', () => undefined)).toThrow(/unknown event type "wix.ecom.v1.order_teleported"/);
    // @ts-expect-error a handler must be a function
    expect(() => handlers.on(ORDER_CREATED, 'log it')).toThrow(/handler must be a function/);
  });
});
