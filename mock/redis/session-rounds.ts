// The small things requests ask of Redis about their session, gathered into one script per session and turn of
// the event loop: the session's version (touching it: the eviction order) and the operation's scenario as a
// request starts, the events it emitted with the webhook subscriptions they may go to, and its request log entry
// as it ends. The store, the scenarios, the event and request logs and the webhook dispatcher each ask in their
// own words; whatever is asked about a session in one turn (by one request or by many) leaves as one command
// when the turn ends, so a request costs Redis one or two commands of its own rather than six.
import { MAX_EVENT_BYTES_PER_SESSION, MAX_EVENTS_PER_SESSION } from '../engine/events';
import { MAX_LOGGED_BYTES_PER_SESSION, MAX_LOGGED_PER_SESSION } from '../engine/request-log';
import type { RedisLink } from './redis-link';
import { scriptArgs } from './script-args';
import { bytesKey, eventsKey, requestsKey, scenariosKey, sessionsKey, subscriptionsKey, versionKey } from './session-keys';

/** Request log and events are forgotten a week after their last entry, so sessions nobody clears do not pile up. */
const LOG_TTL_SECONDS = 7 * 24 * 3600;

// Uses up a counted failure once per call: answers the scenario as it was before this call used it.
const TAKE = `
local function take(key, operationId)
  local text = redis.call('HGET', key, operationId)
  if not text then return false end
  local scenario = cjson.decode(text)
  local failure = scenario.failure
  if failure and failure.times then
    if failure.times > 1 then
      failure.times = failure.times - 1
      redis.call('HSET', key, operationId, cjson.encode(scenario))
    elseif scenario.latencyMs and scenario.latencyMs > 0 then
      scenario.failure = nil
      redis.call('HSET', key, operationId, cjson.encode(scenario))
    else
      redis.call('HDEL', key, operationId)
    end
  end
  return text
end
`;

// Pushes entries onto a list capped by entries and by bytes (the sum of their lengths, kept under `bytesKey`),
// dropping the oldest while over either cap (the newest always stays), forgotten \`ttl\` seconds after its last
// entry. A list found empty starts its count afresh, so a count left behind by a lost list does not linger.
const PUSH = `
local function push(key, bytesKey, first, last, cap, capBytes, ttl)
  if last < first then return end
  local length, size = 0, 0
  for i = first, last do
    length = redis.call('LPUSH', key, ARGV[i])
    size = size + #ARGV[i]
  end
  local bytes
  if length == last - first + 1 then
    redis.call('SET', bytesKey, size)
    bytes = size
  else
    bytes = redis.call('INCRBY', bytesKey, size)
  end
  local dropped = 0
  while length > 1 and (length > cap or bytes - dropped > capBytes) do
    dropped = dropped + #redis.call('RPOP', key)
    length = length - 1
  end
  if dropped > 0 then redis.call('DECRBY', bytesKey, dropped) end
  redis.call('EXPIRE', key, ttl)
  redis.call('EXPIRE', bytesKey, ttl)
end
`;

/**
 * KEYS: sessions, version, scenarios, events, requests, subscriptions, events' bytes, requests' bytes
 * (session-keys.ts). touch, subscriptions:
 * 1 asks for the version (touching the session) and the subscriptions; takes, events, requests: how many of each
 * the tail holds, in that order: the operationIds to take the scenarios of, then the events and the request
 * entries to record (oldest first).
 */
const ROUND_ARGS = scriptArgs([
  'session',
  'now',
  'touch',
  'subscriptions',
  'ttl',
  'eventsCap',
  'eventBytesCap',
  'requestsCap',
  'requestBytesCap',
  'takes',
  'events',
  'requests',
]);
/** Answers the version (or false), each scenario taken (or false), then the subscriptions when asked. */
const ROUND_SCRIPT = `${TAKE}${PUSH}${ROUND_ARGS.lua}
ttl = tonumber(ttl)
takes, events, requests = tonumber(takes), tonumber(events), tonumber(requests)
local out = { false }
if touch == '1' then
  redis.call('ZADD', KEYS[1], 'XX', now, session)
  out[1] = redis.call('GET', KEYS[2])
end
local at = tail
for i = at, at + takes - 1 do
  table.insert(out, take(KEYS[3], ARGV[i]))
end
at = at + takes
push(KEYS[4], KEYS[7], at, at + events - 1, tonumber(eventsCap), tonumber(eventBytesCap), ttl)
at = at + events
push(KEYS[5], KEYS[8], at, at + requests - 1, tonumber(requestsCap), tonumber(requestBytesCap), ttl)
if subscriptions == '1' then table.insert(out, redis.call('HVALS', KEYS[6])) end
return out`;

interface Waiting<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface Round {
  touch?: Waiting<string | null>[];
  readonly takes: { readonly operationId: string; readonly waiting: Waiting<string | null> }[];
  readonly events: { readonly json: string; readonly waiting: Waiting<void> }[];
  readonly requests: { readonly json: string; readonly waiting: Waiting<void> }[];
  subscriptions?: Waiting<string[]>[];
}

const waitFor = <T>(into: Waiting<T>[]): Promise<T> => new Promise<T>((resolve, reject) => into.push({ resolve, reject }));

export class SessionRounds {
  readonly #link: RedisLink;
  readonly #script: ReturnType<RedisLink['script']>;
  readonly #pending = new Map<string, Round>();

  constructor(link: RedisLink) {
    this.#link = link;
    this.#script = link.script(ROUND_SCRIPT);
  }

  /** The session's version (null: not seeded), and it was used now. */
  touch(session: string): Promise<string | null> {
    const round = this.#round(session);
    round.touch ??= [];
    return waitFor(round.touch);
  }

  /** The scenario of the operation as it was before this call used it (null: none). */
  takeScenario(session: string, operationId: string): Promise<string | null> {
    const waiting: Waiting<string | null>[] = [];
    const taken = waitFor(waiting);
    this.#round(session).takes.push({ operationId, waiting: waiting[0] as Waiting<string | null> });
    return taken;
  }

  /** Records an event in the session's capped list. */
  appendEvent(session: string, json: string): Promise<void> {
    const waiting: Waiting<void>[] = [];
    const appended = waitFor(waiting);
    this.#round(session).events.push({ json, waiting: waiting[0] as Waiting<void> });
    return appended;
  }

  /** Records a request log entry in the session's capped list. */
  appendRequest(session: string, json: string): Promise<void> {
    const waiting: Waiting<void>[] = [];
    const appended = waitFor(waiting);
    this.#round(session).requests.push({ json, waiting: waiting[0] as Waiting<void> });
    return appended;
  }

  /** The session's webhook subscriptions, as stored. */
  subscriptions(session: string): Promise<string[]> {
    const round = this.#round(session);
    round.subscriptions ??= [];
    return waitFor(round.subscriptions);
  }

  #round(session: string): Round {
    let round = this.#pending.get(session);
    if (!round) {
      round = { takes: [], events: [], requests: [] };
      this.#pending.set(session, round);
      if (this.#pending.size === 1) this.#link.atTurnEnd(() => this.#send());
    }
    return round;
  }

  #send(): void {
    const rounds = [...this.#pending];
    this.#pending.clear();
    for (const [session, round] of rounds) {
      const link = this.#link;
      const keys = [
        sessionsKey(link),
        versionKey(link, session),
        scenariosKey(link, session),
        eventsKey(link, session),
        requestsKey(link, session),
        subscriptionsKey(link, session),
        bytesKey(eventsKey(link, session)),
        bytesKey(requestsKey(link, session)),
      ];
      const args = ROUND_ARGS.argv(
        {
          session,
          now: Date.now(),
          touch: round.touch ? 1 : 0,
          subscriptions: round.subscriptions ? 1 : 0,
          ttl: LOG_TTL_SECONDS,
          eventsCap: MAX_EVENTS_PER_SESSION,
          eventBytesCap: MAX_EVENT_BYTES_PER_SESSION,
          requestsCap: MAX_LOGGED_PER_SESSION,
          requestBytesCap: MAX_LOGGED_BYTES_PER_SESSION,
          takes: round.takes.length,
          events: round.events.length,
          requests: round.requests.length,
        },
        [
          ...round.takes.map((take) => take.operationId),
          ...round.events.map((event) => event.json),
          ...round.requests.map((entry) => entry.json),
        ],
      );
      this.#script(keys, args).then(
        (reply) => {
          const [version, ...rest] = reply as [string | null, ...(string | null | string[])[]];
          for (const waiting of round.touch ?? []) waiting.resolve(version);
          round.takes.forEach((take, index) => take.waiting.resolve((rest[index] as string | null) ?? null));
          for (const entry of [...round.events, ...round.requests]) entry.waiting.resolve();
          const subscriptions = (rest[round.takes.length] as string[] | undefined) ?? [];
          for (const waiting of round.subscriptions ?? []) waiting.resolve(subscriptions);
        },
        (error: unknown) => {
          for (const waiting of [
            ...(round.touch ?? []),
            ...round.takes.map((take) => take.waiting),
            ...round.events.map((event) => event.waiting),
            ...round.requests.map((entry) => entry.waiting),
            ...(round.subscriptions ?? []),
          ]) {
            waiting.reject(error);
          }
        },
      );
    }
  }
}
