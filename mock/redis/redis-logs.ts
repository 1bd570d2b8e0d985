// The request log and the recorded events in Redis: a list per session, newest first, capped as in memory (by
// entries and by bytes, oldest first) and forgotten a week after its last entry, so sessions nobody clears do not
// pile up. Entries are written by the session's rounds (session-rounds.ts), read and cleared here.
import { type EventLog, MAX_EVENTS_PER_SESSION, type RecordedEvent } from '../engine/events';
import { jsonText } from '../engine/json-texts';
import {
  type LoggedRequest,
  MAX_LOGGED_PER_SESSION,
  type RequestLogFilter,
  type RequestLogStore,
  selectLogged,
} from '../engine/request-log';
import type { RedisLink } from './redis-link';
import { scanKeys } from './redis-scenarios';
import { bytesKey, eventsKey, requestsKey } from './session-keys';
import type { SessionRounds } from './session-rounds';

/** A capped list per session, under the key `keyOf` names. */
class CappedLists {
  readonly #link: RedisLink;
  readonly #keyOf: (link: RedisLink, session: string) => string;
  readonly #cap: number;

  constructor(link: RedisLink, keyOf: (link: RedisLink, session: string) => string, cap: number) {
    this.#link = link;
    this.#keyOf = keyOf;
    this.#cap = cap;
  }

  key(session: string): string {
    return this.#keyOf(this.#link, session);
  }

  async newest<T>(session: string, count: number): Promise<T[]> {
    const texts = await this.#link.run((redis) => redis.lrange(this.key(session), 0, Math.min(count, this.#cap) - 1));
    return texts.map((text) => JSON.parse(text) as T);
  }

  async clear(session?: string): Promise<void> {
    // A session's list goes with the count of its bytes (whose key the pattern matches too).
    const keys = session === undefined ? await scanKeys(this.#link, this.key('*')) : [this.key(session), bytesKey(this.key(session))];
    if (keys.length > 0) await this.#link.run((redis) => redis.del(...keys));
  }
}

export class RedisRequestLog implements RequestLogStore {
  readonly #lists: CappedLists;
  readonly #rounds: SessionRounds;

  constructor(link: RedisLink, rounds: SessionRounds) {
    this.#lists = new CappedLists(link, requestsKey, MAX_LOGGED_PER_SESSION);
    this.#rounds = rounds;
  }

  // Recorded in the session's round of this turn, with whatever else the turn asks about the session.
  record(session: string, entry: LoggedRequest): Promise<void> {
    return this.#rounds.appendRequest(session, JSON.stringify(entry));
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
  readonly #rounds: SessionRounds;

  constructor(link: RedisLink, rounds: SessionRounds) {
    this.#lists = new CappedLists(link, eventsKey, MAX_EVENTS_PER_SESSION);
    this.#rounds = rounds;
  }

  // Recorded in the round that also reads the webhook subscriptions the event may go to.
  append(event: RecordedEvent): Promise<void> {
    return this.#rounds.appendEvent(event.session, jsonText(event));
  }

  list(session: string, limit: number): Promise<RecordedEvent[]> {
    return this.#lists.newest<RecordedEvent>(session, limit);
  }

  clear(session?: string): Promise<void> {
    return this.#lists.clear(session);
  }
}
