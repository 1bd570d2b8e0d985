// Webhook delivery shared by every replica: subscriptions, the delivery log and the delivery queue live in
// Redis. Each subscriber has a queue of deliveries (emission order kept); a sorted set says when each queue is
// due. A replica claims a due queue by a script that also takes a lease with a fencing token and pushes the
// queue's due time past the lease: only that replica attempts the head delivery. It records the outcome by a
// script that first checks it still holds that token; a success is recorded once and the delivery leaves the
// queue, so it is never attempted again. A replica killed mid-attempt loses its lease, and whichever replica is
// alive claims the queue when the lease runs out and retries. Nothing polls: a replica sleeps until the next due
// time it read, or until another replica publishes that it queued something (or Redis is back).
import { type CryptoKey, exportPKCS8, exportSPKI, generateKeyPair, importPKCS8 } from 'jose';
import { EVENT_ALGORITHM, EVENT_CATALOG } from '../../src/events';
import { attemptDelivery, backoffDelay } from '../events/deliver';
import { type EventToSign, signEvent } from '../events/sign-event';
import {
  type Delivery,
  type DispatchedEvent,
  deliveryHeaders,
  dispatcherSettings,
  newSubscription,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
  type WebhookSubscription,
} from '../events/webhook-dispatcher';
import type { RedisLink } from './redis-link';
import { subscriptionsKey } from './session-keys';
import type { SessionRounds } from './session-rounds';

/** How long a delivery record is kept after it was queued. */
const DELIVERY_TTL_SECONDS = 24 * 3600;
/** Attempts under way at once in one replica. */
const MAX_IN_FLIGHT = 16;

// KEYS: due set, fence counter; ARGV: now, lease ms, prefix. Claims the first due queue whose head exists.
const CLAIM_SCRIPT = `
local now, leaseMs, prefix = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
for _ = 1, 20 do
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if #first == 0 then return { 'idle' } end
  local sub, at = first[1], tonumber(first[2])
  if at > now then return { 'wait', first[2] } end
  local queue = prefix .. 'wh:q:' .. sub
  local head = redis.call('LINDEX', queue, 0)
  if not head then
    redis.call('ZREM', KEYS[1], sub)
  elseif redis.call('EXISTS', prefix .. 'wh:d:' .. head) == 0 then
    redis.call('LPOP', queue)
  else
    local record = prefix .. 'wh:d:' .. head
    local token = redis.call('INCR', KEYS[2])
    redis.call('ZADD', KEYS[1], now + leaseMs, sub)
    redis.call('SET', prefix .. 'wh:lease:' .. sub, token, 'PX', leaseMs)
    local entry = cjson.decode(redis.call('HGET', record, 'entry'))
    entry.attempts = entry.attempts + 1
    local text = cjson.encode(entry)
    redis.call('HSET', record, 'entry', text)
    return { 'claimed', sub, head, tostring(token), text, redis.call('HGET', record, 'token'), redis.call('HGET', record, 'session') }
  end
end
return { 'wait', tostring(now) }`;

// KEYS: due set; ARGV: prefix, subscription, delivery, token, outcome (delivered | failed | retry), next due,
// response status or '', last error or '', now. Does nothing (0) when the lease is no longer this token's.
const FINISH_SCRIPT = `
local prefix, sub, head, token, outcome = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local lease = prefix .. 'wh:lease:' .. sub
if redis.call('GET', lease) ~= token then return 0 end
redis.call('DEL', lease)
local record = prefix .. 'wh:d:' .. head
local text = redis.call('HGET', record, 'entry')
if text then
  local entry = cjson.decode(text)
  if ARGV[7] ~= '' then entry.responseStatus = tonumber(ARGV[7]) end
  if ARGV[8] ~= '' then entry.lastError = ARGV[8] end
  entry.status = outcome == 'retry' and 'pending' or outcome
  redis.call('HSET', record, 'entry', cjson.encode(entry))
end
local queue = prefix .. 'wh:q:' .. sub
if outcome == 'retry' and text then
  redis.call('ZADD', KEYS[1], ARGV[6], sub)
  return 1
end
redis.call('LREM', queue, 1, head)
if redis.call('LLEN', queue) > 0 then redis.call('ZADD', KEYS[1], ARGV[9], sub) else redis.call('ZREM', KEYS[1], sub) end
return 1`;

interface Claimed {
  readonly subscriptionId: string;
  readonly deliveryId: string;
  readonly token: string;
  readonly entry: Delivery;
  readonly signed: string;
  readonly session: string;
}

interface SharedKeys {
  readonly privateKey: CryptoKey;
  readonly publicKeyPem: string;
  readonly instanceId: string;
}

/** One key pair and app instance for every replica: a receiver verifies with whichever replica's public key. */
const sharedKeys = async (link: RedisLink): Promise<SharedKeys> => {
  const { publicKey, privateKey } = await generateKeyPair(EVENT_ALGORITHM, { extractable: true, modulusLength: 2048 });
  const mine = JSON.stringify({ pkcs8: await exportPKCS8(privateKey), spki: await exportSPKI(publicKey) });
  const [pair, instanceId] = await link.run(async (redis) => {
    await redis.set(link.key('wh', 'keypair'), mine, 'NX');
    await redis.set(link.key('wh', 'instance'), globalThis.crypto.randomUUID(), 'NX');
    return Promise.all([redis.get(link.key('wh', 'keypair')), redis.get(link.key('wh', 'instance'))]);
  });
  const { pkcs8, spki } = JSON.parse(pair ?? mine) as { pkcs8: string; spki: string };
  return { privateKey: await importPKCS8(pkcs8, EVENT_ALGORITHM), publicKeyPem: spki, instanceId: instanceId ?? 'unknown' };
};

export interface RedisWebhookOptions extends Omit<WebhookDispatcherOptions, 'keyPair' | 'instanceId'> {
  readonly log: (line: string) => void;
}

export const createRedisWebhookDispatcher = async (
  link: RedisLink,
  rounds: SessionRounds,
  options: RedisWebhookOptions,
): Promise<WebhookDispatcher> => {
  const settings = dispatcherSettings(options);
  const keys = await sharedKeys(link);
  const claimScript = link.script(CLAIM_SCRIPT);
  const finishScript = link.script(FINISH_SCRIPT);
  // Past the attempt's time-out with room for a busy event loop: a live replica records its outcome in time.
  const leaseMs = settings.timeoutMs + 5000;
  const due = link.key('wh', 'due');
  const wakeChannel = link.key('wh', 'wake');
  const subsKey = (session: string) => subscriptionsKey(link, session);
  const logKey = (session: string) => link.key('wh', 'log', session);
  const inFlight = new Set<Promise<void>>();
  const controllers = new Map<string, AbortController>();
  let closed = false;
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const controller = (session: string) => {
    let found = controllers.get(session);
    if (!found) {
      found = new AbortController();
      controllers.set(session, found);
    }
    return found;
  };

  const sleepUntil = (at: number) => {
    clearTimeout(timer);
    timer = setTimeout(kick, Math.max(0, at - Date.now()));
    timer.unref();
  };

  const attempt = async (claimed: Claimed) => {
    const { entry } = claimed;
    const outcome = await attemptDelivery(
      {
        fetch: settings.fetch,
        url: entry.target,
        token: claimed.signed,
        headers: deliveryHeaders(entry.id, claimed.session),
        timeoutMs: settings.timeoutMs,
        signal: controller(claimed.session).signal,
      },
      entry.attempts,
    );
    const now = Date.now();
    const verdict = outcome.delivered ? 'delivered' : entry.attempts >= settings.maxAttempts ? 'failed' : 'retry';
    const args = [
      link.prefix,
      claimed.subscriptionId,
      claimed.deliveryId,
      claimed.token,
      verdict,
      now + backoffDelay(settings.backoffMs, entry.attempts),
      outcome.responseStatus ?? '',
      outcome.lastError ?? '',
      now,
    ];
    // The outcome is recorded until Redis takes it or the lease runs out (then another replica retries).
    for (let tries = 0; tries * 250 < leaseMs; tries += 1) {
      try {
        await finishScript([due], args);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    options.log(`webhook delivery ${entry.id}: outcome not recorded (Redis unavailable); another attempt will follow`);
  };

  const loop = async () => {
    try {
      while (!closed && inFlight.size < MAX_IN_FLIGHT) {
        const now = Date.now();
        const reply = (await claimScript([due, link.key('fence')], [now, leaseMs, link.prefix])) as string[];
        if (reply[0] === 'idle') return;
        if (reply[0] === 'wait') return sleepUntil(Number(reply[1]));
        const [, subscriptionId = '', deliveryId = '', token = '', entry = '{}', signed = '', session = ''] = reply;
        const claimed: Claimed = { subscriptionId, deliveryId, token, entry: JSON.parse(entry) as Delivery, signed, session };
        const work = attempt(claimed).finally(() => {
          inFlight.delete(work);
          kick();
        });
        inFlight.add(work);
      }
    } catch (error) {
      // Redis is away: look again in a second (and as soon as it is ready again).
      if (!closed) sleepUntil(Date.now() + 1000);
      void error;
    }
  };

  function kick(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    void loop().finally(() => {
      running = false;
      if (again) kick();
    });
  }

  const listener = link.listener();
  listener.on('message', (channel: string) => channel === wakeChannel && kick());
  await listener.subscribe(wakeChannel).catch((error: Error) => options.log(`webhook wake-ups: ${error.message}`));
  link.onReady(kick);
  kick();

  const readSubscriptions = async (session: string): Promise<WebhookSubscription[]> =>
    (await rounds.subscriptions(session)).map((text) => JSON.parse(text) as WebhookSubscription);

  const cancelQueue = async (subscriptionId: string, reason: string) => {
    const queue = link.key('wh', 'q', subscriptionId);
    const ids = await link.run((redis) => redis.lrange(queue, 0, -1));
    await link.run(async (redis) => {
      const texts = await Promise.all(ids.map((id) => redis.hget(link.key('wh', 'd', id), 'entry')));
      const batch = redis.multi();
      texts.forEach((text, index) => {
        if (!text) return;
        const entry = { ...(JSON.parse(text) as Delivery), status: 'failed', lastError: reason };
        batch.hset(link.key('wh', 'd', ids[index] as string), 'entry', JSON.stringify(entry));
      });
      await batch
        .del(queue, link.key('wh', 'lease', subscriptionId))
        .zrem(due, subscriptionId)
        .exec();
    });
  };

  const dispatcher: WebhookDispatcher = {
    async subscribe(input) {
      if (closed) throw new Error('the webhook dispatcher is closed');
      const subscription = newSubscription(input);
      await link.run((redis) =>
        redis
          .multi()
          .hset(subsKey(subscription.session), subscription.id, JSON.stringify(subscription))
          .hset(link.key('wh', 'sub-session'), subscription.id, subscription.session)
          .exec(),
      );
      return subscription;
    },

    async unsubscribe(id) {
      const session = await link.run((redis) => redis.hget(link.key('wh', 'sub-session'), id));
      if (session === null) return false;
      await link.run((redis) => redis.multi().hdel(subsKey(session), id).hdel(link.key('wh', 'sub-session'), id).exec());
      await cancelQueue(id, 'canceled: unsubscribed before delivery');
      return true;
    },

    subscriptions: readSubscriptions,

    async dispatch(session, event) {
      return (await enqueue(session, event)) ?? [];
    },

    async queue(session, event) {
      await enqueue(session, event);
    },

    async deliveries(session) {
      const ids = await link.run((redis) => redis.lrange(logKey(session), 0, -1));
      const texts = await link.run((redis) => Promise.all(ids.map((id) => redis.hget(link.key('wh', 'd', id), 'entry'))));
      return texts.flatMap((text) => (text ? [JSON.parse(text) as Delivery] : []));
    },

    publicKeyPem: () => keys.publicKeyPem,

    async reset(session) {
      const sessions =
        session === undefined ? (await link.run((redis) => redis.hvals(link.key('wh', 'sub-session')))).filter(unique) : [session];
      for (const name of sessions) {
        controllers.get(name)?.abort(new Error('session reset'));
        controllers.delete(name);
        const subscriptions = await readSubscriptions(name);
        for (const subscription of subscriptions) await cancelQueue(subscription.id, 'canceled: session reset');
        const ids = await link.run((redis) => redis.lrange(logKey(name), 0, -1));
        await link.run((redis) =>
          redis
            .multi()
            .del(subsKey(name), logKey(name), ...ids.map((id) => link.key('wh', 'd', id)))
            .hdel(link.key('wh', 'sub-session'), ...subscriptions.map((subscription) => subscription.id), '-')
            .exec(),
        );
      }
    },

    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    async close() {
      closed = true;
      clearTimeout(timer);
      for (const found of controllers.values()) found.abort(new Error('mock stopped'));
      await dispatcher.drain();
      await listener.unsubscribe(wakeChannel).catch(() => undefined);
    },
  };

  /** Queues the event for the session's matching subscribers; answers their log entries (undefined: none). */
  const enqueue = async (session: string, event: DispatchedEvent): Promise<Delivery[] | undefined> => {
    if (!EVENT_CATALOG.has(event.eventType)) throw new TypeError(`dispatch: unknown event type ${JSON.stringify(event.eventType)}`);
    if (closed) return undefined;
    const targets = (await readSubscriptions(session)).filter((subscription) => subscription.eventTypes.includes(event.eventType));
    if (targets.length === 0) return undefined;
    const signed = await signEvent(
      { ...event, instanceId: event.instanceId ?? keys.instanceId } as EventToSign,
      keys.privateKey,
      options.signing,
    );
    const entries: Delivery[] = targets.map((subscription) => ({
      id: globalThis.crypto.randomUUID(),
      eventId: String(event.payload.id),
      eventType: event.eventType,
      target: subscription.url,
      subscriptionId: subscription.id,
      status: 'pending',
      attempts: 0,
    }));
    const now = Date.now();
    await link.run((redis) => {
      const batch = redis.multi();
      for (const entry of entries) {
        const record = link.key('wh', 'd', entry.id);
        batch
          .hset(record, 'entry', JSON.stringify(entry), 'token', signed, 'session', session)
          .expire(record, DELIVERY_TTL_SECONDS)
          .rpush(link.key('wh', 'q', entry.subscriptionId), entry.id)
          .zadd(due, 'NX', now, entry.subscriptionId)
          .lpush(logKey(session), entry.id);
      }
      return batch
        .ltrim(logKey(session), 0, settings.maxLogEntries - 1)
        .expire(logKey(session), DELIVERY_TTL_SECONDS)
        .publish(wakeChannel, session)
        .exec();
    });
    return entries;
  };

  return dispatcher;
};

const unique = (value: string, index: number, all: readonly string[]) => all.indexOf(value) === index;
