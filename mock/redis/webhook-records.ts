// The webhook records in Redis: the subscriptions of each session, the delivery records, each subscriber's
// queue of deliveries and the session's delivery log (newest first, capped by entries and by bytes as in memory,
// forgotten a day after its last entry, as a delivery record is after it was queued).
import type { Delivery, WebhookSubscription } from '../events/webhook-dispatcher';
import type { RedisLink } from './redis-link';
import { bytesKey, subscriptionsKey } from './session-keys';
import type { SessionRounds } from './session-rounds';
import { ENQUEUE_ARGS, ENQUEUE_SCRIPT, loggedDelivery } from './webhook-scripts';

/** How long a delivery record is kept after it was queued. */
const DELIVERY_TTL_SECONDS = 24 * 3600;

/** The delivery log's caps per session: entries, and the bytes of their JSON as queued. */
export interface LogCaps {
  readonly maxLogEntries: number;
  readonly maxLogBytes: number;
}

export class WebhookRecords {
  readonly #link: RedisLink;
  readonly #rounds: SessionRounds;
  readonly #due: string;
  readonly #caps: LogCaps;
  readonly #enqueue: ReturnType<RedisLink['script']>;

  constructor(link: RedisLink, rounds: SessionRounds, due: string, caps: LogCaps) {
    this.#link = link;
    this.#rounds = rounds;
    this.#due = due;
    this.#caps = caps;
    this.#enqueue = link.script(ENQUEUE_SCRIPT);
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

  /** Queues the deliveries of one event of the session (signed once), logs them, and wakes every replica. */
  async enqueue(session: string, signed: string, entries: readonly Delivery[]): Promise<void> {
    const logKey = this.#logKey(session);
    await this.#enqueue(
      [this.#due, logKey, bytesKey(logKey)],
      ENQUEUE_ARGS.argv(
        {
          prefix: this.#link.prefix,
          session,
          now: Date.now(),
          signed,
          ttl: DELIVERY_TTL_SECONDS,
          cap: this.#caps.maxLogEntries,
          capBytes: this.#caps.maxLogBytes,
          channel: this.wakeChannel,
        },
        // Lua counts each entry's JSON by its length, as the in-memory log does (deliveryBytes).
        entries.flatMap((entry) => [entry.id, entry.subscriptionId, JSON.stringify(entry)]),
      ),
    );
  }

  /** The session's delivery log, newest first. */
  async deliveries(session: string): Promise<Delivery[]> {
    const link = this.#link;
    const ids = (await link.run((redis) => redis.lrange(this.#logKey(session), 0, -1))).map(loggedDelivery);
    const texts = await link.run((redis) => Promise.all(ids.map((id) => redis.hget(this.#recordKey(id), 'entry'))));
    return texts.flatMap((text) => (text ? [JSON.parse(text) as Delivery] : []));
  }

  /** Forgets the session's subscriptions, delivery log and records (its queues are canceled before). */
  async forget(session: string, subscriptions: readonly WebhookSubscription[]): Promise<void> {
    const link = this.#link;
    const ids = (await link.run((redis) => redis.lrange(this.#logKey(session), 0, -1))).map(loggedDelivery);
    await link.run((redis) =>
      redis
        .multi()
        .del(this.#subsKey(session), this.#logKey(session), bytesKey(this.#logKey(session)), ...ids.map((id) => this.#recordKey(id)))
        .hdel(link.key('wh', 'sub-session'), ...subscriptions.map((subscription) => subscription.id), '-')
        .exec(),
    );
  }
}

const unique = (value: string, index: number, all: readonly string[]) => all.indexOf(value) === index;
