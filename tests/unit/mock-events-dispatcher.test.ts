import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelay } from '../../mock/events/deliver';
import { domainEvent } from '../../mock/events/domain-event';
import { generateSigningKeyPair, type SigningKeyPair } from '../../mock/events/signing-keys';
import {
  createWebhookDispatcher,
  type Delivery,
  type DispatchedEvent,
  deliveryBytes,
  type WebhookDispatcherOptions,
  WebhookSubscriptionError,
} from '../../mock/events/webhook-dispatcher';
import { verifyEvent } from '../../src/events';
import { closedPort, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

// The receiver's script: /ok answers 200; /flaky fails twice then 200; /down always 500; /slow answers after 400 ms.
let receiver: WebhookReceiver;
let keyPair: SigningKeyPair;
beforeAll(async () => {
  keyPair = await generateSigningKeyPair();
  receiver = await startWebhookReceiver((path, nth) => {
    if (path.startsWith('/flaky')) return nth <= 2 ? 503 : 200;
    if (path.startsWith('/down')) return 500;
    if (path.startsWith('/slow')) return { hang: 400, status: 200 };
    if (path.startsWith('/once')) return nth === 1 ? 502 : 200;
    return 200;
  });
});
afterAll(() => receiver.close());

const dispatcher = (options: Partial<WebhookDispatcherOptions> = {}) =>
  createWebhookDispatcher({ keyPair, maxAttempts: 3, backoffMs: 5, instanceId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', ...options });
const MEMBER = { identityType: 'MEMBER', memberId: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9' } as const;
const orderCreated = (orderId = 'o-1'): DispatchedEvent => ({
  eventType: 'wix.ecom.v1.order_created',
  identity: MEMBER,
  payload: domainEvent('wix.ecom.v1.order_created', orderId, { createdEvent: { entity: { id: orderId } } }),
});
const cartUpdated = (): DispatchedEvent => ({
  eventType: 'wix.ecom.v1.cart_updated',
  identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: '6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b' },
  payload: domainEvent('wix.ecom.v1.cart_updated', 'c-1', { updatedEvent: { currentEntity: { id: 'c-1' } } }),
});

describe('webhook dispatcher', () => {
  it('POSTs the signed event as text to a subscriber; the token verifies with the served public key', async () => {
    const webhooks = dispatcher();
    const subscription = await webhooks.subscribe({
      session: 's-ok',
      url: `${receiver.url}/ok/1`,
      eventTypes: ['wix.ecom.v1.order_created'],
    });
    expect(subscription).toMatchObject({ session: 's-ok', url: `${receiver.url}/ok/1`, eventTypes: ['wix.ecom.v1.order_created'] });
    const event = orderCreated();
    const [delivery] = await webhooks.dispatch('s-ok', event);
    expect(delivery).toMatchObject({
      eventId: event.payload.id,
      eventType: 'wix.ecom.v1.order_created',
      target: `${receiver.url}/ok/1`,
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
    });
    const [request] = receiver.at('/ok/1');
    expect(request?.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(request?.headers['x-mock-delivery-id']).toBe(delivery?.id);
    const verified = await verifyEvent(request?.body ?? '', webhooks.publicKeyPem());
    expect(verified).toEqual({
      eventType: event.eventType,
      instanceId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      identity: MEMBER,
      payload: event.payload,
    });
  });

  it('retries a failed delivery after growing pauses, sending the same token, until it is accepted', async () => {
    const pauses: number[] = [];
    const webhooks = dispatcher({ backoffMs: (retry) => (pauses.push(retry), 5) });
    await webhooks.subscribe({ session: 's-flaky', url: `${receiver.url}/flaky/1` });
    const [delivery] = await webhooks.dispatch('s-flaky', orderCreated());
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200 });
    expect(pauses).toEqual([1, 2]);
    const requests = receiver.at('/flaky/1');
    expect(requests.map((request) => request.headers['x-mock-attempt'])).toEqual(['1', '2', '3']);
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
    expect([1, 2, 3, 4].map((retry) => backoffDelay(250, retry))).toEqual([250, 500, 1000, 2000]);
  });

  it('gives up after maxAttempts and logs why: an error status, no answer in time, no connection', async () => {
    const webhooks = dispatcher({ timeoutMs: 100 });
    const port = await closedPort();
    await webhooks.subscribe({ session: 's-bad', url: `${receiver.url}/down/1` });
    await webhooks.subscribe({ session: 's-bad', url: `${receiver.url}/slow/1` });
    await webhooks.subscribe({ session: 's-bad', url: `http://127.0.0.1:${port}/nobody` });
    const deliveries = await webhooks.dispatch('s-bad', orderCreated());
    expect(deliveries.map(({ target, status, attempts, lastError }) => ({ target, status, attempts, lastError }))).toEqual([
      { target: `${receiver.url}/down/1`, status: 'failed', attempts: 3, lastError: 'HTTP 500' },
      { target: `${receiver.url}/slow/1`, status: 'failed', attempts: 3, lastError: 'no answer within 100 ms' },
      { target: `http://127.0.0.1:${port}/nobody`, status: 'failed', attempts: 3, lastError: 'connection failed (ECONNREFUSED)' },
    ]);
    expect(receiver.at('/down/1')).toHaveLength(3);
  });

  it('delivers only the event types a subscription names, only within its session', async () => {
    const webhooks = dispatcher();
    await webhooks.subscribe({ session: 's-a', url: `${receiver.url}/ok/orders`, eventTypes: ['wix.ecom.v1.order_created'] });
    await webhooks.subscribe({ session: 's-a', url: `${receiver.url}/ok/all` });
    await webhooks.subscribe({ session: 's-b', url: `${receiver.url}/ok/other-session` });
    await webhooks.dispatch('s-a', orderCreated());
    await webhooks.dispatch('s-a', cartUpdated());
    expect(receiver.at('/ok/orders')).toHaveLength(1);
    expect(receiver.at('/ok/all')).toHaveLength(2);
    expect(receiver.at('/ok/other-session')).toHaveLength(0);
    expect((await webhooks.deliveries('s-a')).map((delivery) => `${delivery.eventType} -> ${new URL(delivery.target).pathname}`)).toEqual([
      'wix.ecom.v1.cart_updated -> /ok/all',
      'wix.ecom.v1.order_created -> /ok/all',
      'wix.ecom.v1.order_created -> /ok/orders',
    ]);
    expect(await webhooks.deliveries('s-b')).toEqual([]);
    expect(await webhooks.dispatch('s-none', orderCreated())).toEqual([]);
  });

  it('keeps emission order per subscriber, even when an early delivery is retried; the log shows pending at once', async () => {
    const webhooks = dispatcher();
    await webhooks.subscribe({ session: 's-order', url: `${receiver.url}/once/1` });
    const ids = ['o-a', 'o-b', 'o-c'];
    const all = Promise.all(ids.map((id) => webhooks.dispatch('s-order', orderCreated(id))));
    expect((await webhooks.deliveries('s-order')).map((delivery) => delivery.status)).toEqual(['pending', 'pending', 'pending']);
    await all;
    const arrived = await Promise.all(receiver.at('/once/1').map((request) => verifyEvent(request.body, keyPair.publicKeyPem)));
    expect(arrived.map((event) => event.payload.entityId)).toEqual(['o-a', 'o-a', 'o-b', 'o-c']);
    expect((await webhooks.deliveries('s-order')).map((delivery) => delivery.attempts)).toEqual([1, 1, 2]);
  });

  it('refuses a subscription naming the field and the rule; unsubscribe stops deliveries', async () => {
    const webhooks = dispatcher();
    const refusal = async (input: Parameters<typeof webhooks.subscribe>[0]) => {
      try {
        await webhooks.subscribe(input);
      } catch (error) {
        expect(error).toBeInstanceOf(WebhookSubscriptionError);
        const { name, field, ruleName } = error as WebhookSubscriptionError;
        return { name, field, ruleName };
      }
      return undefined;
    };
    expect(await refusal({ session: 's', url: '' })).toEqual({
      name: 'WebhookSubscriptionError',
      field: 'url',
      ruleName: 'REQUIRED_FIELD',
    });
    expect(await refusal({ session: 's', url: 'ftp://127.0.0.1/x' })).toMatchObject({ field: 'url', ruleName: 'FORMAT' });
    expect(await refusal({ session: 's', url: '/relative' })).toMatchObject({ field: 'url', ruleName: 'FORMAT' });
    expect(await refusal({ session: 's', url: `${receiver.url}/ok`, eventTypes: [] })).toMatchObject({
      field: 'eventTypes',
      ruleName: 'MIN_SIZE',
    });
    expect(
      await refusal({ session: 's', url: `${receiver.url}/ok`, eventTypes: ['wix.ecom.v1.order_created', 'order.created'] }),
    ).toMatchObject({
      field: 'eventTypes[1]',
      ruleName: 'INVALID_ENUM_VALUE',
    });
    expect(await refusal({ session: '', url: `${receiver.url}/ok` })).toMatchObject({ field: 'session', ruleName: 'REQUIRED_FIELD' });
    expect(await webhooks.subscriptions('s')).toEqual([]);

    const subscription = await webhooks.subscribe({ session: 's', url: `${receiver.url}/ok/unsubscribed` });
    expect((await webhooks.subscriptions('s')).map((entry) => entry.id)).toEqual([subscription.id]);
    expect(subscription.eventTypes).toHaveLength(24);
    expect(await webhooks.unsubscribe(subscription.id)).toBe(true);
    expect(await webhooks.unsubscribe(subscription.id)).toBe(false);
    expect(await webhooks.dispatch('s', orderCreated())).toEqual([]);
    expect(receiver.at('/ok/unsubscribed')).toHaveLength(0);
  });

  it('reset forgets a session; close cancels deliveries waiting to retry', async () => {
    const webhooks = dispatcher({ backoffMs: 60_000 });
    await webhooks.subscribe({ session: 's-reset', url: `${receiver.url}/ok/reset` });
    await webhooks.subscribe({ session: 's-keep', url: `${receiver.url}/ok/keep` });
    await webhooks.dispatch('s-reset', orderCreated());
    await webhooks.reset('s-reset');
    expect(await webhooks.subscriptions('s-reset')).toEqual([]);
    expect(await webhooks.deliveries('s-reset')).toEqual([]);
    expect(await webhooks.subscriptions('s-keep')).toHaveLength(1);

    await webhooks.subscribe({ session: 's-close', url: `${receiver.url}/down/close` });
    const pending = webhooks.dispatch('s-close', orderCreated());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await webhooks.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await pending).toMatchObject([{ status: 'failed', attempts: 1, lastError: 'canceled: mock stopped' }]);
    await expect(webhooks.subscribe({ session: 's-close', url: `${receiver.url}/ok` })).rejects.toThrow(/closed/);
  });

  it('caps the delivery log by entries and by the bytes of its entries as queued, oldest first', async () => {
    const url = `${receiver.url}/ok/${'long-'.repeat(300)}`;
    const asQueued = ({ responseStatus: _status, lastError: _error, ...entry }: Delivery): Delivery => ({
      ...entry,
      status: 'pending',
      attempts: 0,
    });
    const byBytes = dispatcher({ maxLogBytes: 8 * 1024 });
    await byBytes.subscribe({ session: 's-bytes', url });
    const events = Array.from({ length: 20 }, () => orderCreated());
    for (const event of events) await byBytes.dispatch('s-bytes', event);
    const kept = await byBytes.deliveries('s-bytes');
    const each = deliveryBytes(asQueued(kept[0] as Delivery));
    expect(each).toBeGreaterThan(1500);
    expect(kept).toHaveLength(Math.floor((8 * 1024) / each));
    expect(kept.map((entry) => entry.eventId)).toEqual(
      events
        .slice(-kept.length)
        .map((event) => event.payload.id)
        .reverse(),
    );
    expect(kept.every((entry) => entry.status === 'delivered')).toBe(true);

    const byCount = dispatcher({ maxLogEntries: 3 });
    await byCount.subscribe({ session: 's-count', url: `${receiver.url}/ok/count` });
    const counted = Array.from({ length: 5 }, () => orderCreated());
    for (const event of counted) await byCount.dispatch('s-count', event);
    expect((await byCount.deliveries('s-count')).map((entry) => entry.eventId)).toEqual(
      counted
        .slice(-3)
        .map((event) => event.payload.id)
        .reverse(),
    );
    await Promise.all([byBytes.close(), byCount.close()]);
  });

  it('refuses options out of range, naming them', () => {
    expect(() => dispatcher({ maxAttempts: 0 })).toThrow('maxAttempts must be an integer from 1 to 20, got 0');
    expect(() => dispatcher({ timeoutMs: -1 })).toThrow(/timeoutMs/);
    expect(() => dispatcher({ maxLogBytes: 0 })).toThrow(/maxLogBytes/);
  });
});
