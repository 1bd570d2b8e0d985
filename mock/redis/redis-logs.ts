// The request log and the recorded events in Redis: a list per session, newest first, capped as in memory and
// forgotten a week after its last entry, so sessions nobody clears do not pile up.
import { type EventLog, MAX_EVENTS_PER_SESSION, type RecordedEvent } from '../engine/events';
import {
  type LoggedRequest,
  MAX_LOGGED_PER_SESSION,
  type RequestLogFilter,
  type RequestLogStore,
  selectLogged,
} from '../engine/request-log';
import type { RedisLink } from './redis-link';
import { scanKeys } from './redis-scenarios';

const LOG_TTL_SECONDS = 7 * 24 * 3600;

/** A capped list per session under `<prefix><name>:<session>`. */
class CappedLists {
  readonly #link: RedisLink;
  readonly #name: string;
  readonly #cap: number;

  constructor(link: RedisLink, name: string, cap: number) {
    this.#link = link;
    this.#name = name;
    this.#cap = cap;
  }

  key(session: string): string {
    return this.#link.key(this.#name, session);
  }

  async push(session: string, entry: unknown): Promise<void> {
    const key = this.key(session);
    await this.#link.run((redis) =>
      redis
        .multi()
        .lpush(key, JSON.stringify(entry))
        .ltrim(key, 0, this.#cap - 1)
        .expire(key, LOG_TTL_SECONDS)
        .exec(),
    );
  }

  async newest<T>(session: string, count: number): Promise<T[]> {
    const texts = await this.#link.run((redis) => redis.lrange(this.key(session), 0, Math.min(count, this.#cap) - 1));
    return texts.map((text) => JSON.parse(text) as T);
  }

  async clear(session?: string): Promise<void> {
    const keys = session === undefined ? await scanKeys(this.#link, this.key('*')) : [this.key(session)];
    if (keys.length > 0) await this.#link.run((redis) => redis.del(...keys));
  }
}

export class RedisRequestLog implements RequestLogStore {
  readonly #lists: CappedLists;

  constructor(link: RedisLink) {
    this.#lists = new CappedLists(link, 'requests', MAX_LOGGED_PER_SESSION);
  }

  record(session: string, entry: LoggedRequest): Promise<void> {
    return this.#lists.push(session, entry);
  }

  async list(session: string, filter: RequestLogFilter = {}): Promise<LoggedRequest[]> {
    return selectLogged(await this.#lists.newest<LoggedRequest>(session, MAX_LOGGED_PER_SESSION), filter);
  }

  clear(session?: string): Promise<void> {
    return this.#lists.clear(session);
  }
}

export class RedisEventLog implements EventLog {
  readonly #lists: CappedLists;

  constructor(link: RedisLink) {
    this.#lists = new CappedLists(link, 'events', MAX_EVENTS_PER_SESSION);
  }

  append(event: RecordedEvent): Promise<void> {
    return this.#lists.push(event.session, event);
  }

  list(session: string, limit: number): Promise<RecordedEvent[]> {
    return this.#lists.newest<RecordedEvent>(session, limit);
  }

  clear(session?: string): Promise<void> {
    return this.#lists.clear(session);
  }
}
