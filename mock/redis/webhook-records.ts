// The webhook records in Redis: the subscriptions of each session, the delivery records, each subscriber's
// queue of deliveries and the session's delivery log (newest first, capped, forgotten a day after its last
// entry, as a delivery record is after it was queued).
import type { Delivery, WebhookSubscription } from '../events/webhook-dispatcher';
import type { RedisLink } from './redis-link';
import { subscriptionsKey } from './session-keys';
import type { SessionRounds } from './session-rounds';

/** How long a delivery record is kept after it was queued. */
const DELIVERY_TTL_SECONDS = 24 * 3600;

/** A delivery to queue: its log entry, the signed event, and the session it belongs to. */
export interface QueuedDelivery {
  readonly entry: Delivery;
  readonly signed: string;
  readonly session: string;
}

export class WebhookRecords {
  readonly #link: RedisLink;
  readonly #rounds: SessionRounds;
  readonly #due: string;
  readonly #maxLogEntries: number;

  constructor(link: RedisLink, rounds: SessionRounds, due: string, maxLogEntries: number) {
    this.#link = link;
    this.#rounds = rounds;
    this.#due = due;
    this.#maxLogEntries = maxLogEntries;
  }

  /** Who is told that something was queued (the session's name is the message). */
  get wakeChannel(): string {
    return this.#link.key('wh', 'wake');
  }

  #subsKey(session: string): string {
    return subscriptionsKey(this.#link, session);
  }

  #logKey(session: string): string {
    return this.#link.key('wh', 'log', session);
  }

  #recordKey(deliveryId: string): string {
    return this.#link.key('wh', 'd', deliveryId);
  }

  /** Read in the session's round of this turn, with whatever else the turn asks about the session. */
  async subscriptions(session: string): Promise<WebhookSubscription[]> {
    return (await this.#rounds.subscriptions(session)).map((text) => JSON.parse(text) as WebhookSubscription);
  }

  async addSubscription(subscription: WebhookSubscription): Promise<void> {
    const link = this.#link;
    await link.run((redis) =>
      redis
        .multi()
        .hset(this.#subsKey(subscription.session), subscription.id, JSON.stringify(subscription))
        .hset(link.key('wh', 'sub-session'), subscription.id, subscription.session)
        .exec(),
    );
  }

  /** The session the subscription belonged to (undefined: none had that id), now without it. */
  async removeSubscription(id: string): Promise<string | undefined> {
    const link = this.#link;
    const session = await link.run((redis) => redis.hget(link.key('wh', 'sub-session'), id));
    if (session === null) return undefined;
    await link.run((redis) => redis.multi().hdel(this.#subsKey(session), id).hdel(link.key('wh', 'sub-session'), id).exec());
    return session;
  }

  /** Every session that has subscriptions. */
  async subscribedSessions(): Promise<string[]> {
    return (await this.#link.run((redis) => redis.hvals(this.#link.key('wh', 'sub-session')))).filter(unique);
  }

  /** Marks the subscriber's queued deliveries failed with `reason` and empties its queue. */
  async cancelQueue(subscriptionId: string, reason: string): Promise<void> {
    const link = this.#link;
    const queue = link.key('wh', 'q', subscriptionId);
    const ids = await link.run((redis) => redis.lrange(queue, 0, -1));
    await link.run(async (redis) => {
      const texts = await Promise.all(ids.map((id) => redis.hget(this.#recordKey(id), 'entry')));
      const batch = redis.multi();
      texts.forEach((text, index) => {
        if (!text) return;
        const entry = { ...(JSON.parse(text) as Delivery), status: 'failed', lastError: reason };
        batch.hset(this.#recordKey(ids[index] as string), 'entry', JSON.stringify(entry));
      });
      await batch
        .del(queue, link.key('wh', 'lease', subscriptionId))
        .zrem(this.#due, subscriptionId)
        .exec();
    });
  }

  /** Queues the deliveries of one event of the session, logs them, and wakes every replica. */
  async enqueue(session: string, deliveries: readonly QueuedDelivery[]): Promise<void> {
    const link = this.#link;
    const now = Date.now();
    const logKey = this.#logKey(session);
    await link.run((redis) => {
      const batch = redis.multi();
      for (const { entry, signed } of deliveries) {
        const record = this.#recordKey(entry.id);
        batch
          .hset(record, 'entry', JSON.stringify(entry), 'token', signed, 'session', session)
          .expire(record, DELIVERY_TTL_SECONDS)
          .rpush(link.key('wh', 'q', entry.subscriptionId), entry.id)
          .zadd(this.#due, 'NX', now, entry.subscriptionId)
          .lpush(logKey, entry.id);
      }
      return batch
        .ltrim(logKey, 0, this.#maxLogEntries - 1)
        .expire(logKey, DELIVERY_TTL_SECONDS)
        .publish(this.wakeChannel, session)
        .exec();
    });
  }

  /** The session's delivery log, newest first. */
  async deliveries(session: string): Promise<Delivery[]> {
    const link = this.#link;
    const ids = await link.run((redis) => redis.lrange(this.#logKey(session), 0, -1));
    const texts = await link.run((redis) => Promise.all(ids.map((id) => redis.hget(this.#recordKey(id), 'entry'))));
    return texts.flatMap((text) => (text ? [JSON.parse(text) as Delivery] : []));
  }

  /** Forgets the session's subscriptions, delivery log and records (its queues are canceled before). */
  async forget(session: string, subscriptions: readonly WebhookSubscription[]): Promise<void> {
    const link = this.#link;
    const ids = await link.run((redis) => redis.lrange(this.#logKey(session), 0, -1));
    await link.run((redis) =>
      redis
        .multi()
        .del(this.#subsKey(session), this.#logKey(session), ...ids.map((id) => this.#recordKey(id)))
        .hdel(link.key('wh', 'sub-session'), ...subscriptions.map((subscription) => subscription.id), '-')
        .exec(),
    );
  }
}

const unique = (value: string, index: number, all: readonly string[]) => all.indexOf(value) === index;
