// The small questions a request asks of Redis about its session, gathered into one script per session: its
// version (touching it: the eviction order) and its operation's scenario as it starts, then the event it
// emitted and the webhook subscriptions that event may go to. The store, the scenarios, the event log and the
// webhook dispatcher each ask in their own words; what they ask in the same moment (before the code that asked
// waits) travels together, so a request costs Redis two or three commands rather than six.
import type { RedisLink } from './redis-link';

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

// ARGV: prefix, session, now, touch (1|0), takes, subscriptions (1|0), events cap, events TTL seconds, then the
// operationIds to take the scenarios of, then the events to record (newest last). Answers the version (or
// false), each scenario taken (or false), then the subscriptions when asked.
const ROUND_SCRIPT = `${TAKE}
local prefix, session = ARGV[1], ARGV[2]
local out = { false }
if ARGV[4] == '1' then
  redis.call('ZADD', prefix .. 'sessions', 'XX', ARGV[3], session)
  out[1] = redis.call('GET', prefix .. 's:' .. session .. ':seeded')
end
local takes = tonumber(ARGV[5])
for i = 1, takes do
  table.insert(out, take(prefix .. 'scenarios:' .. session, ARGV[8 + i]))
end
if #ARGV > 8 + takes then
  local events = prefix .. 'events:' .. session
  for i = 9 + takes, #ARGV do redis.call('LPUSH', events, ARGV[i]) end
  redis.call('LTRIM', events, 0, tonumber(ARGV[7]) - 1)
  redis.call('EXPIRE', events, ARGV[8])
end
if ARGV[6] == '1' then table.insert(out, redis.call('HVALS', prefix .. 'wh:subs:' .. session)) end
return out`;

interface Waiting<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface Round {
  touch?: Waiting<string | null>[];
  readonly takes: { readonly operationId: string; readonly waiting: Waiting<string | null> }[];
  readonly events: { readonly json: string; readonly waiting: Waiting<void> }[];
  subscriptions?: Waiting<string[]>[];
}

const waitFor = <T>(into: Waiting<T>[]): Promise<T> => new Promise<T>((resolve, reject) => into.push({ resolve, reject }));

export class SessionRounds {
  readonly #link: RedisLink;
  readonly #script: ReturnType<RedisLink['script']>;
  readonly #eventsCap: number;
  readonly #eventsTtlSeconds: number;
  readonly #pending = new Map<string, Round>();

  constructor(link: RedisLink, events: { readonly cap: number; readonly ttlSeconds: number }) {
    this.#link = link;
    this.#script = link.script(ROUND_SCRIPT);
    this.#eventsCap = events.cap;
    this.#eventsTtlSeconds = events.ttlSeconds;
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

  /** The session's webhook subscriptions, as stored. */
  subscriptions(session: string): Promise<string[]> {
    const round = this.#round(session);
    round.subscriptions ??= [];
    return waitFor(round.subscriptions);
  }

  #round(session: string): Round {
    let round = this.#pending.get(session);
    if (!round) {
      round = { takes: [], events: [] };
      this.#pending.set(session, round);
      // Sent once the code that asked has gone as far as it can without an answer.
      if (this.#pending.size === 1) queueMicrotask(() => this.#send());
    }
    return round;
  }

  #send(): void {
    const rounds = [...this.#pending];
    this.#pending.clear();
    for (const [session, round] of rounds) {
      const args = [
        this.#link.prefix,
        session,
        Date.now(),
        round.touch ? 1 : 0,
        round.takes.length,
        round.subscriptions ? 1 : 0,
        this.#eventsCap,
        this.#eventsTtlSeconds,
        ...round.takes.map((take) => take.operationId),
        ...round.events.map((event) => event.json),
      ];
      this.#script([], args).then(
        (reply) => {
          const [version, ...rest] = reply as [string | null, ...(string | null | string[])[]];
          for (const waiting of round.touch ?? []) waiting.resolve(version);
          round.takes.forEach((take, index) => take.waiting.resolve((rest[index] as string | null) ?? null));
          for (const event of round.events) event.waiting.resolve();
          const subscriptions = (rest[round.takes.length] as string[] | undefined) ?? [];
          for (const waiting of round.subscriptions ?? []) waiting.resolve(subscriptions);
        },
        (error: unknown) => {
          for (const waiting of [
            ...(round.touch ?? []),
            ...round.takes.map((take) => take.waiting),
            ...round.events.map((event) => event.waiting),
            ...(round.subscriptions ?? []),
          ]) {
            waiting.reject(error);
          }
        },
      );
    }
  }
}
