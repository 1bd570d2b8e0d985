// The Redis state on its own, two "replicas" (two connections) in one process against Debian's redis-server: a new
// session seeded once however many open it together, a write refused once its lease is lost (fencing), copies
// of a session that never go stale, a work's writes committed together, a counted scenario used up once per call
// across both, an authorization code redeemed once.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_EVENT_BYTES_PER_SESSION, MAX_EVENTS_PER_SESSION } from '../../mock/engine/events';
import { MAX_LOGGED_BYTES_PER_SESSION } from '../../mock/engine/request-log';
import { StateUnavailableError } from '../../mock/errors/state-unavailable';
import { domainEvent } from '../../mock/events/domain-event';
import { generateSigningKeyPair } from '../../mock/events/signing-keys';
import { createWebhookDispatcher, type Delivery, type DispatchedEvent, deliveryBytes } from '../../mock/events/webhook-dispatcher';
import { openRedisState, type RedisState } from '../../mock/redis/redis-state';
import { type RedisServer, startRedis } from '../../scripts/harness/cluster';
import { sizedEvent } from '../support/sized-event';
import { startWebhookReceiver } from '../support/webhook-receiver';

let redis: RedisServer;
let one: RedisState;
let two: RedisState;
const PREFIX = 'unit-state:';

beforeAll(async () => {
  redis = await startRedis();
  const log = () => undefined;
  one = await openRedisState(redis.url, { prefix: PREFIX, log });
  two = await openRedisState(redis.url, { prefix: PREFIX, log });
}, 30_000);

afterAll(async () => {
  await one?.close();
  await two?.close();
  await redis?.dispose();
});

describe('the Redis state shared by two replicas', () => {
  it('seeds a new session exactly once, whoever opens it first', async () => {
    let calls = 0;
    const create = async (store: { put: (collection: string, id: string, value: unknown) => Promise<void> }) => {
      calls += 1;
      await store.put('marks', 'seed', { by: calls });
    };
    const stores = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 ? one : two).state.store.open('seed-once', create)),
    );
    const marks = await Promise.all(stores.map((store) => store.get('marks', 'seed')));
    expect(new Set(marks.map((mark) => (mark as { by: number } | undefined)?.by)).size).toBe(1);
    expect(await one.state.store.sessions()).toContain('seed-once');
  });

  it('keeps records in creation order, and replaces a session in one step', async () => {
    const store = await one.state.store.open('order', async () => undefined);
    for (const id of ['c', 'a', 'b']) await store.put('things', id, { id });
    await store.put('things', 'c', { id: 'c', changed: true });
    expect(await (await two.state.store.open('order', async () => undefined)).list('things')).toEqual([
      { id: 'c', changed: true },
      { id: 'a' },
      { id: 'b' },
    ]);
    await two.state.store.replace('order', async (fresh) => fresh.put('things', 'z', { id: 'z' }));
    expect(await store.dump()).toEqual({ things: [{ id: 'z' }] });
  });

  it('refuses a write made under a lease another replica has since taken (fencing)', async () => {
    const store = await one.state.store.open('fenced', async () => undefined);
    const raw = new Redis(redis.url);
    try {
      const refused = await one.state.store
        .exclusive('fenced', store, async () => {
          // The lease runs out (as for a replica that stalled) and the other replica takes the session.
          await raw.del(`${PREFIX}s:fenced:lease`);
          const other = await two.state.store.open('fenced', async () => undefined);
          await two.state.store.exclusive('fenced', other, async () => {
            await other.put('things', 'x', { by: 'two' });
          });
          await other.settled?.();
          await two.state.store.exclusive('fenced', other, async () => {
            // Held again by the other replica while the stalled one writes.
            await raw.set(`${PREFIX}s:fenced:lease`, 'someone-else', 'PX', 5000);
            await store.put('things', 'x', { by: 'one' });
          });
        })
        // The work ends with its writes on their way; whether they were stored, the store says.
        .then(() => store.settled?.())
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused).toBeInstanceOf(StateUnavailableError);
      expect(String((refused as Error).message)).toContain('LEASE_LOST');
      expect(await store.get('things', 'x')).toEqual({ by: 'two' });
    } finally {
      raw.disconnect();
    }
  });

  it('reads what another replica wrote since, never its own stale copy, and reads from its copy while nothing changed', async () => {
    const create = async (store: { put: (collection: string, id: string, value: unknown) => Promise<void> }) =>
      store.put('things', 'x', { n: 0 });
    const raw = new Redis(redis.url);
    try {
      expect(await (await one.state.store.open('copies', create)).get('things', 'x')).toEqual({ n: 0 });
      // Unchanged: the second read is answered from the replica's copy (Redis is not asked for the record).
      await raw.hset(`${PREFIX}s:copies:h:things`, 'x', JSON.stringify({ n: 'behind its back' }));
      expect(await (await one.state.store.open('copies', create)).get('things', 'x')).toEqual({ n: 0 });
      const other = await two.state.store.open('copies', create);
      await two.state.store.exclusive('copies', other, () => other.put('things', 'x', { n: 1 }));
      await other.settled?.();
      expect(await (await one.state.store.open('copies', create)).get('things', 'x')).toEqual({ n: 1 });
      expect(await (await one.state.store.open('copies', create)).list('things')).toEqual([{ n: 1 }]);
    } finally {
      raw.disconnect();
    }
  });

  it("commits a work's writes together at its end, and fails a work whose session is reset under it", async () => {
    const store = await one.state.store.open('together', async () => undefined);
    const raw = new Redis(redis.url);
    try {
      await one.state.store.exclusive('together', store, async () => {
        await store.put('things', 'a', { id: 'a' });
        await store.put('things', 'b', { id: 'b' });
        // The work reads its own writes; nobody else sees them yet.
        expect(await store.list('things')).toEqual([{ id: 'a' }, { id: 'b' }]);
        expect(await raw.hlen(`${PREFIX}s:together:h:things`)).toBe(0);
      });
      await store.settled?.();
      expect(await raw.hlen(`${PREFIX}s:together:h:things`)).toBe(2);

      const reset = await one.state.store
        .exclusive('together', store, async () => {
          await store.put('things', 'c', { id: 'c' });
          await two.state.store.replace('together', async (fresh) => fresh.put('things', 'z', { id: 'z' }));
        })
        .then(() => store.settled?.())
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(reset).toBeInstanceOf(StateUnavailableError);
      expect(await (await two.state.store.open('together', async () => undefined)).dump()).toEqual({ things: [{ id: 'z' }] });
    } finally {
      raw.disconnect();
    }
  });

  it('uses a counted scenario up once per call across replicas, and redeems a code once', async () => {
    await one.state.scenarios.set({ operationId: 'getCurrentCart', session: 'scenarios', failure: { status: 503, times: 3 } });
    const effects = await Promise.all(
      Array.from({ length: 8 }, (_, index) => (index % 2 ? one : two).state.scenarios.take('scenarios', 'getCurrentCart')),
    );
    expect(effects.filter((effect) => effect?.failure?.status === 503)).toHaveLength(3);
    expect(await two.state.scenarios.list('scenarios')).toEqual([]);

    const identity = { role: 'member' as const, id: 'm-1', session: 'codes' };
    await one.state.tokens.put('code', 'mock-code-1', identity);
    const redeemed = await Promise.all([one.state.tokens.take('code', 'mock-code-1'), two.state.tokens.take('code', 'mock-code-1')]);
    expect(redeemed.filter(Boolean)).toEqual([identity]);
  });

  it("keeps a session's events and request log within their byte caps in Redis, oldest first", async () => {
    const size = 8 * 1024;
    const emitted = Math.ceil((2 * MAX_EVENT_BYTES_PER_SESSION) / size);
    for (let index = 0; index < emitted; index += 1) {
      await (index % 2 ? one : two).state.events.append(sizedEvent(index, size, 'bytes'));
    }
    const kept = await two.state.events.list('bytes', MAX_EVENTS_PER_SESSION);
    const bytes = kept.reduce((sum, event) => sum + JSON.stringify(event).length, 0);
    expect(bytes).toBeLessThanOrEqual(MAX_EVENT_BYTES_PER_SESSION);
    expect(bytes).toBeGreaterThan(MAX_EVENT_BYTES_PER_SESSION - 2 * size);
    expect(kept[0]?.id).toBe(`e-${emitted - 1}`);
    for (let index = 0; index < 100; index += 1) {
      await one.state.requestLog.record('bytes', {
        requestId: `r-${index}`,
        time: '2026-01-01T00:00:00.000Z',
        method: 'GET',
        path: `/${'p'.repeat(size)}`,
        operationId: null,
        status: 200,
        durationMs: 1,
      });
    }
    const logged = await two.state.requestLog.list('bytes');
    expect(logged.reduce((sum, entry) => sum + JSON.stringify(entry).length, 0)).toBeLessThanOrEqual(MAX_LOGGED_BYTES_PER_SESSION);
    expect(logged[0]?.requestId).toBe('r-99');
    await one.state.events.clear('bytes');
    const raw = new Redis(redis.url);
    try {
      expect(await raw.keys(`${PREFIX}events:bytes*`)).toEqual([]);
    } finally {
      raw.disconnect();
    }
  });

  it("keeps a session's delivery log within its byte cap in Redis, oldest first, as in memory; delivered records keep no signed event", async () => {
    const receiver = await startWebhookReceiver(() => 200);
    const url = `${receiver.url}/ok/${'long-'.repeat(300)}`;
    const maxLogBytes = 8 * 1024;
    const shared = await one.createDispatcher({ maxLogBytes, backoffMs: 5 });
    const memory = createWebhookDispatcher({ keyPair: await generateSigningKeyPair(), maxLogBytes, backoffMs: 5 });
    const raw = new Redis(redis.url);
    try {
      for (const webhooks of [shared, memory]) await webhooks.subscribe({ session: 'log-bytes', url });
      const events: DispatchedEvent[] = Array.from({ length: 20 }, () => ({
        eventType: 'wix.ecom.v1.order_created',
        identity: { identityType: 'UNKNOWN' },
        payload: domainEvent('wix.ecom.v1.order_created', 'o-1', { createdEvent: { entity: { id: 'o-1' } } }),
      }));
      for (const event of events) {
        await Promise.all([shared.dispatch('log-bytes', event), memory.dispatch('log-bytes', event)]);
        await vi.waitFor(async () => expect((await shared.deliveries('log-bytes'))[0]?.status).toBe('delivered'), { timeout: 5000 });
      }
      const kept = await shared.deliveries('log-bytes');
      const asQueued = ({ responseStatus: _status, lastError: _error, ...entry }: Delivery): Delivery => ({
        ...entry,
        status: 'pending',
        attempts: 0,
      });
      expect(kept).toHaveLength(Math.floor(maxLogBytes / deliveryBytes(asQueued(kept[0] as Delivery))));
      expect(kept.map((entry) => entry.eventId)).toEqual(
        events
          .slice(-kept.length)
          .map((event) => event.payload.id)
          .reverse(),
      );
      expect((await memory.deliveries('log-bytes')).map((entry) => entry.eventId)).toEqual(kept.map((entry) => entry.eventId));
      // The records trimmed off the log went with it; those kept no longer carry the signed event.
      const records = await raw.keys(`${PREFIX}wh:d:*`);
      expect(records.sort()).toEqual(kept.map((entry) => `${PREFIX}wh:d:${entry.id}`).sort());
      expect(await Promise.all(records.map((key) => raw.hexists(key, 'token')))).toEqual(records.map(() => 0));
      await shared.reset('log-bytes');
      expect(await raw.keys(`${PREFIX}wh:log:log-bytes*`)).toEqual([]);
    } finally {
      raw.disconnect();
      await Promise.all([shared.close(), memory.close()]);
      await receiver.close();
    }
  });
});
