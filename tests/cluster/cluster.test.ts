// The mock as a cluster, from real parts: Debian's redis-server (appending every write to a file), three
// replicas with MOCK_STORE=redis://... behind Debian's haproxy running deploy/haproxy.cfg (round-robin). A
// shopper's requests land on another replica each time; concurrent writes from every replica add up; a replica
// killed mid-flow, every replica restarted and Redis stopped lose nothing, and the mock answers 503 UNAVAILABLE
// while Redis is away and serves again by itself once it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/harness/cluster';
import { verifyEvent } from '../../src/events';
import { REQUEST_ID_HEADER } from '../../src/protocol';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const CLIENT_ID = '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f';
const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const TOTE = 'c8539b66-7a44-fe18-affc-afec4be8562a';
const TOTE_NATURAL = '00000000-0000-0020-0005-ad9cdc8a2b0f';
const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10011', addressLine: '235 W 23rd St' };
const TOTE_LINE = { quantity: 1, catalogReference: { catalogItemId: TOTE, appId: STORES, options: { variantId: TOTE_NATURAL } } };

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown> & { details?: { applicationError?: { code?: string } } };
  readonly replica: string | null;
  readonly requestId: string | null;
}

let cluster: Cluster;
let receiver: WebhookReceiver;

const call = async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> => {
  const response = await fetch(`${cluster.balancer.url}${path}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Answer['body']) : {},
    replica: response.headers.get('x-mock-replica'),
    requestId: response.headers.get(REQUEST_ID_HEADER),
  };
};

/** A visitor of the session: the token comes from whichever replica answers. */
const visitor = async (session: string): Promise<Record<string, string>> => {
  const { status, body } = await call(
    'POST',
    '/oauth2/token',
    { 'x-mock-session': session },
    { grantType: 'anonymous', clientId: CLIENT_ID },
  );
  expect(status).toBe(200);
  return { authorization: `Bearer ${body.access_token as string}`, 'x-mock-session': session };
};

/** The merchant, in a session. */
const merchant = (session: string) => ({ authorization: 'mock-api-key', 'x-mock-session': session });

const quantityOf = (answer: Answer): number =>
  ((answer.body.cart as { lineItems: { quantity: number }[] } | undefined)?.lineItems ?? []).reduce((sum, line) => sum + line.quantity, 0);

const until = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

interface LoggedDelivery {
  readonly status: string;
  readonly attempts: number;
  readonly eventType: string;
}

const settled = (session: string) =>
  until(`deliveries of ${session} settled`, async () => {
    const { body } = await call('GET', `/__mock/webhooks/deliveries?session=${session}`);
    const deliveries = body.deliveries as LoggedDelivery[];
    return deliveries.length > 0 && deliveries.every((delivery) => delivery.status !== 'pending') ? deliveries : undefined;
  });

beforeAll(async () => {
  cluster = await startCluster({ persistent: true });
  receiver = await startWebhookReceiver((path, nth) => (path.startsWith('/slow-') && nth === 1 ? { hang: 4000, status: 503 } : 200));
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await cluster?.stop();
}, 60_000);

describe('the mock behind HAProxy, state in Redis', () => {
  it("walks a shopper's flow with every request on another replica, and delivers the order's webhook once", async () => {
    const session = 'cluster-flow';
    const subscribed = await call(
      'POST',
      '/__mock/webhooks',
      {},
      {
        session,
        url: `${receiver.url}/${session}`,
        eventTypes: ['wix.ecom.v1.order_created'],
      },
    );
    expect(subscribed.status).toBe(200);
    const shopper = await visitor(session);
    const answers: Answer[] = [subscribed];
    const step = async (method: string, path: string, body?: unknown) => {
      const answer = await call(method, path, shopper, body);
      answers.push(answer);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer;
    };
    await step('POST', '/v1/carts/current/add-to-cart', { lineItems: [TOTE_LINE] });
    await step('POST', '/v1/carts/current/add-to-cart', { lineItems: [TOTE_LINE] });
    expect(quantityOf(await step('GET', '/v1/carts/current'))).toBe(2);
    const { body: created } = await step('POST', '/v1/carts/current/create-checkout', {
      channelType: 'WEB',
      shippingAddress: NY,
      selectedShippingOption: { code: 'standard' },
      email: 'jane.doe@example.com',
    });
    const checkoutId = created.checkoutId as string;
    await step('GET', `/v1/checkouts/${checkoutId}`);
    const { body: ordered } = await step('POST', `/v1/checkouts/${checkoutId}/create-order`, {});
    const order = await call('GET', `/v1/orders/${ordered.orderId as string}`, merchant(session));
    answers.push(order);
    expect(order.body.order).toMatchObject({ id: ordered.orderId });

    // Round-robin: no two requests in a row on the same replica, and every replica took part.
    const replicas = answers.map((answer) => answer.replica);
    replicas.slice(1).forEach((replica, index) => expect(replica).not.toBe(replicas[index]));
    expect(new Set(replicas)).toEqual(new Set(['replica1', 'replica2', 'replica3']));

    const deliveries = await settled(session);
    expect(deliveries).toMatchObject([{ status: 'delivered', attempts: 1, eventType: 'wix.ecom.v1.order_created' }]);
    expect(receiver.at(`/${session}`)).toHaveLength(1);
    // Any replica's public key verifies it: the key pair is shared.
    const publicKey = await (await fetch(`${cluster.balancer.url}/__mock/webhooks/public-key`)).text();
    const event = await verifyEvent(receiver.at(`/${session}`)[0]?.body ?? '', publicKey, { issuer: 'wix.com' });
    expect(event.eventType).toBe('wix.ecom.v1.order_created');
    expect(event.payload.entityId).toBe(ordered.orderId);
  });

  it('adds 100 concurrent add-to-cart calls of one unit, spread over every replica, to exactly 100', async () => {
    const shopper = await visitor('cluster-concurrent');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call('POST', '/v1/carts/current/add-to-cart', shopper, { lineItems: [TOTE_LINE] })),
    );
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([]);
    expect(new Set(answers.map((answer) => answer.replica)).size).toBe(3);
    expect(quantityOf(await call('GET', '/v1/carts/current', shopper))).toBe(100);
    // One cart more than the fixture's: the first calls did not each make a cart of their own.
    const cartsOf = async (session: string) =>
      ((await call('GET', `/__mock/state?session=${session}`)).body.collections as { currentCarts: unknown[] }).currentCarts.length;
    expect(await cartsOf('cluster-concurrent')).toBe((await cartsOf('cluster-fresh')) + 1);
  });

  it('loses nothing when a replica is killed with SIGKILL mid-flow, and a delivery it held is retried by another', async () => {
    const session = 'slow-kill';
    const shopper = await visitor(session);
    expect(
      (
        await call(
          'POST',
          '/__mock/webhooks',
          {},
          { session, url: `${receiver.url}/${session}`, eventTypes: ['wix.ecom.v1.order_created'] },
        )
      ).status,
    ).toBe(200);
    expect((await call('POST', '/v1/carts/current/add-to-cart', shopper, { lineItems: [TOTE_LINE] })).status).toBe(200);
    const { body: created } = await call('POST', '/v1/carts/current/create-checkout', shopper, {
      channelType: 'WEB',
      shippingAddress: NY,
      selectedShippingOption: { code: 'standard' },
      email: 'jane.doe@example.com',
    });
    const ordered = await call('POST', `/v1/checkouts/${created.checkoutId as string}/create-order`, shopper, {});
    expect(ordered.status).toBe(200);
    // The first attempt hangs at the receiver: whichever replica made it, two of three die now.
    await until('first attempt', async () => (receiver.at(`/${session}`).length > 0 ? true : undefined));
    const killed = cluster.replicas.slice(0, 2);
    for (const { process: replica } of killed) if (replica.child.pid) process.kill(-replica.child.pid, 'SIGKILL');
    await Promise.all(killed.map((replica) => replica.process.exited));
    // HAProxy's check (every 500 ms) takes them out; a request caught by a replica as it died is its client's to retry.
    await new Promise((resolve) => setTimeout(resolve, 1200));

    // The flow goes on through the one replica left.
    const next = await visitor('cluster-after-kill');
    for (let index = 0; index < 6; index += 1) {
      expect((await call('POST', '/v1/carts/current/add-to-cart', next, { lineItems: [TOTE_LINE] })).status).toBe(200);
    }
    const cart = await call('GET', '/v1/carts/current', next);
    expect(quantityOf(cart)).toBe(6);
    expect(cart.replica).toBe('replica3');
    const order = await call('GET', `/v1/orders/${ordered.body.orderId as string}`, merchant(session));
    expect(order.status).toBe(200);

    const deliveries = await settled(session);
    expect(deliveries).toMatchObject([{ status: 'delivered', eventType: 'wix.ecom.v1.order_created' }]);
    expect(deliveries[0]?.attempts).toBeGreaterThanOrEqual(2);
    const received = receiver.at(`/${session}`).length;
    expect(received).toBe(deliveries[0]?.attempts);
    // Delivered once: no attempt follows the success.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.at(`/${session}`)).toHaveLength(received);
    await Promise.all(killed.map((replica) => replica.restart()));
  });

  it('answers 503 UNAVAILABLE in the platform body while Redis is away, never hangs, keeps those requests in the log, and serves again when it is back', async () => {
    const shopper = await visitor('cluster-outage');
    expect((await call('POST', '/v1/carts/current/add-to-cart', shopper, { lineItems: [TOTE_LINE] })).status).toBe(200);
    await cluster.redis.stop();
    for (const [method, path, body] of [
      ['GET', '/v1/carts/current', undefined],
      ['POST', '/v1/carts/current/add-to-cart', { lineItems: [TOTE_LINE] }],
      ['GET', '/__mock/requests?session=cluster-outage', undefined],
    ] as const) {
      const started = Date.now();
      const answer = await call(method, path, shopper, body);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.body).toMatchObject({ message: 'UNAVAILABLE', details: { applicationError: { code: 'UNAVAILABLE' } } });
      expect(answer.requestId).toBeTruthy();
    }
    await cluster.redis.start();
    // Every replica serves again by itself; what was written before the outage is still there.
    const back = await until('the cart after the outage', async () => {
      const answers = await Promise.all([1, 2, 3].map(() => call('GET', '/v1/carts/current', shopper)));
      return answers.every((answer) => answer.status === 200) ? answers : undefined;
    });
    expect(back.map(quantityOf)).toEqual([1, 1, 1]);
    expect(cluster.replicas.every((replica) => replica.process.child.exitCode === null)).toBe(true);
    // The requests answered 503 while Redis was away are in the request log, next to those before and after.
    const logged = await until('the outage in the request log', async () => {
      const { status, body } = await call('GET', '/__mock/requests?session=cluster-outage');
      const requests = (body.requests ?? []) as { status: number; path: string }[];
      return status === 200 && requests.filter((entry) => entry.status === 503).length >= 2 ? requests : undefined;
    });
    const unavailable = new Set(logged.filter((entry) => entry.status === 503).map((entry) => entry.path));
    expect([...unavailable].sort()).toEqual(['/v1/carts/current', '/v1/carts/current/add-to-cart']);
    expect(logged.filter((entry) => entry.status === 200).length).toBeGreaterThanOrEqual(4);
  });

  it('keeps every session when every replica (and Redis) is restarted', async () => {
    const shopper = await visitor('cluster-restart');
    expect((await call('POST', '/v1/carts/current/add-to-cart', shopper, { lineItems: [TOTE_LINE] })).status).toBe(200);
    expect((await call('POST', '/v1/carts/current/add-to-cart', shopper, { lineItems: [TOTE_LINE] })).status).toBe(200);
    await Promise.all(cluster.replicas.map((replica) => replica.process.stop()));
    await cluster.redis.stop();
    await cluster.redis.start();
    await Promise.all(cluster.replicas.map((replica) => replica.restart()));
    const cart = await until('the cart after the restart', async () => {
      const answer = await call('GET', '/v1/carts/current', shopper);
      return answer.status === 200 ? answer : undefined;
    });
    expect(quantityOf(cart)).toBe(2);
    const { body } = await call('GET', '/__mock/health');
    expect(body.sessions).toEqual(expect.arrayContaining(['cluster-flow', 'cluster-concurrent', 'cluster-restart']));
  });
});
