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
import { StateUnavailableError } from '../errors/state-unavailable';
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

/** Entries kept in this process while Redis is away (the 503s of an outage), to be recorded once it is back. */
const MAX_HELD_ENTRIES = MAX_LOGGED_PER_SESSION;

export class RedisRequestLog implements RequestLogStore {
  readonly #lists: CappedLists;
  readonly #rounds: SessionRounds;
  /** What Redis could not take, oldest first. */
  #held: { readonly session: string; readonly json: string }[] = [];

  constructor(link: RedisLink, rounds: SessionRounds) {
    this.#lists = new CappedLists(link, requestsKey, MAX_LOGGED_PER_SESSION);
    this.#rounds = rounds;
    link.onReady(() => void this.#flush().catch(() => undefined));
  }

  // Recorded in the session's round of this turn, with whatever else the turn asks about the session. While
  // Redis is away the entry is held here, so the requests answered 503 meanwhile still show in the log.
  async record(session: string, entry: LoggedRequest): Promise<void> {
    const json = JSON.stringify(entry);
    try {
      await this.#rounds.appendRequest(session, json);
    } catch {
      this.#hold([{ session, json }]);
    }
  }

  async list(session: string, filter: RequestLogFilter = {}): Promise<LoggedRequest[]> {
    await this.#flush();
    return selectLogged(await this.#lists.newest<LoggedRequest>(session, MAX_LOGGED_PER_SESSION), filter);
  }

  #hold(entries: readonly { readonly session: string; readonly json: string }[]): void {
    this.#held.push(...entries);
    if (this.#held.length > MAX_HELD_ENTRIES) this.#held.splice(0, this.#held.length - MAX_HELD_ENTRIES);
  }

  /** Records the held entries, oldest first; those Redis still refuses are held again. */
  async #flush(): Promise<void> {
    if (this.#held.length === 0) return;
    const held = this.#held;
    this.#held = [];
    const sent = await Promise.allSettled(held.map(({ session, json }) => this.#rounds.appendRequest(session, json)));
    const refused = held.filter((_, index) => sent[index]?.status === 'rejected');
    if (refused.length > 0) {
      this.#held = [...refused, ...this.#held];
      throw new StateUnavailableError('Redis: the request log could not be recorded');
    }
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
