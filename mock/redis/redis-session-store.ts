// The StoreProvider over Redis: every session's records shared by all replicas. Per session and collection a
// hash of records by id and a sorted set that keeps their order of creation (`list` answers oldest first, as
// the in-memory store does); a `seeded` marker; one sorted set of sessions by last use, which bounds how many
// are kept (the least recently used goes first, as in memory).
//
// Concurrency across replicas:
// - A new session is seeded by one Lua script that checks the marker and writes the fixture in one step:
//   however many replicas see the session first, it is seeded exactly once, and nobody reads it half-written.
// - `exclusive` (a request's read-modify-write) is a lease with fencing, not WATCH/MULTI or a script: the work is
//   a service handler in JavaScript that reads, decides and writes in several steps, which a script cannot run
//   and an optimistic transaction could only retry by running the handler (and its events) again. A replica takes
//   the session's lease with a fencing token (a counter that only grows); every write made under the lease is a
//   script that first checks the lease still holds that token, so a replica that stalled past its lease (or was
//   partitioned) cannot overwrite what the next holder wrote. A replica killed while holding the lease blocks
//   the session only until the lease expires. Inside one process the calls for a session queue up first, so
//   only one of them at a time competes for the lease; a replica waiting for it is woken by the message the
//   holder publishes on release (or when the lease runs out), never by a polling loop.
import { AsyncLocalStorage } from 'node:async_hooks';
import { deepFreeze } from '../engine/deep-freeze';
import type { SessionStore, StoreProvider } from '../engine/store';
import { StateUnavailableError } from '../errors/state-unavailable';
import type { RedisLink } from './redis-link';

/** Sessions kept at once by default; the least recently used one goes first. */
export const REDIS_MAX_SESSIONS = 1000;
/** How long a lease holds: far above any handler's work, short enough that a killed replica is soon forgotten. */
export const LEASE_MS = 10_000;
/** How long a request waits for a session's lease before it is answered 503. */
const LEASE_WAIT_MS = 15_000;

// The session's keys, under `<prefix>s:<session>:`: seeded, cols (set of collections), seq (creation counter),
// lease, h:<collection> (records), o:<collection> (creation order).
const DROP = `
local function drop(prefix, name)
  local base = prefix .. 's:' .. name .. ':'
  for _, col in ipairs(redis.call('SMEMBERS', base .. 'cols')) do
    redis.call('DEL', base .. 'h:' .. col, base .. 'o:' .. col)
  end
  local existed = redis.call('DEL', base .. 'cols', base .. 'seq', base .. 'seeded')
  redis.call('ZREM', prefix .. 'sessions', name)
  return existed
end
`;

const PUT = `
local function put(base, col, id, json)
  local order = base .. 'o:' .. col
  if not redis.call('ZSCORE', order, id) then
    redis.call('ZADD', order, redis.call('INCR', base .. 'seq'), id)
    redis.call('SADD', base .. 'cols', col)
  end
  redis.call('HSET', base .. 'h:' .. col, id, json)
end
`;

const FENCE = `
local function fenced(lease, token)
  if lease ~= '' and redis.call('GET', lease) ~= token then
    return redis.error_reply('LEASE_LOST the session lease expired before the write')
  end
end
`;

// ARGV: prefix, session, now, max sessions, replace (1: even when seeded), then collection, id, JSON per record.
const SEED_SCRIPT = `${DROP}${PUT}
local prefix, name = ARGV[1], ARGV[2]
local base = prefix .. 's:' .. name .. ':'
if ARGV[5] ~= '1' and redis.call('EXISTS', base .. 'seeded') == 1 then return 0 end
drop(prefix, name)
for i = 6, #ARGV, 3 do put(base, ARGV[i], ARGV[i + 1], ARGV[i + 2]) end
redis.call('SET', base .. 'seeded', '1')
redis.call('ZADD', prefix .. 'sessions', ARGV[3], name)
local over = redis.call('ZCARD', prefix .. 'sessions') - tonumber(ARGV[4])
if over > 0 then
  for _, old in ipairs(redis.call('ZRANGE', prefix .. 'sessions', 0, over - 1)) do
    if old ~= name then drop(prefix, old) end
  end
end
return 1`;

// ARGV: prefix, session (empty: every session).
const DROP_SCRIPT = `${DROP}
local prefix = ARGV[1]
local names = ARGV[2] ~= '' and { ARGV[2] } or redis.call('ZRANGE', prefix .. 'sessions', 0, -1)
local dropped = {}
for _, name in ipairs(names) do
  if drop(prefix, name) > 0 then table.insert(dropped, name) end
end
return dropped`;

// ARGV: base, collection, id, JSON, lease key (empty: no lease), token.
const PUT_SCRIPT = `${PUT}${FENCE}
local refused = fenced(ARGV[5], ARGV[6])
if refused then return refused end
put(ARGV[1], ARGV[2], ARGV[3], ARGV[4])
return 1`;

// ARGV: base, collection, id, lease key (empty: no lease), token.
const REMOVE_SCRIPT = `${FENCE}
local refused = fenced(ARGV[4], ARGV[5])
if refused then return refused end
redis.call('ZREM', ARGV[1] .. 'o:' .. ARGV[2], ARGV[3])
return redis.call('HDEL', ARGV[1] .. 'h:' .. ARGV[2], ARGV[3])`;

// ARGV: base, collection. Records in creation order, in slices (Lua's unpack has a limit).
const LIST_SCRIPT = `
local ids = redis.call('ZRANGE', ARGV[1] .. 'o:' .. ARGV[2], 0, -1)
local out = {}
for i = 1, #ids, 500 do
  local values = redis.call('HMGET', ARGV[1] .. 'h:' .. ARGV[2], unpack(ids, i, math.min(i + 499, #ids)))
  for _, value in ipairs(values) do if value then table.insert(out, value) end end
end
return out`;

// KEYS: lease, fence counter; ARGV: lease ms. The new token (a string), or the milliseconds the holder's lease
// has left (a number) when someone holds it.
const ACQUIRE_SCRIPT = `
local left = redis.call('PTTL', KEYS[1])
if left > 0 then return left end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], token, 'PX', ARGV[1])
return tostring(token)`;

// KEYS: lease; ARGV: token, channel, session. Tells the replicas waiting for the session that it is free.
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1`;

/** Records parsed per process, by their JSON text: each replica parses a record once, however often it is read. */
const PARSED_KEPT = 2000;

class ParsedRecords {
  readonly #byText = new Map<string, unknown>();

  /** The frozen value of a record's text (the same object as long as the text is the same). */
  parse<T>(text: string): T {
    let value = this.#byText.get(text);
    if (value === undefined) {
      value = deepFreeze(JSON.parse(text) as unknown);
      this.#byText.set(text, value);
      if (this.#byText.size > PARSED_KEPT) this.#byText.delete(this.#byText.keys().next().value as string);
    }
    return value as T;
  }
}

interface Lease {
  readonly session: string;
  readonly key: string;
  readonly token: string;
}

class RedisSessionStore implements SessionStore {
  readonly #link: RedisLink;
  readonly #session: string;
  readonly #base: string;
  readonly #leases: AsyncLocalStorage<Lease>;
  readonly #scripts: RedisStoreScripts;
  readonly #parsed: ParsedRecords;

  constructor(link: RedisLink, session: string, leases: AsyncLocalStorage<Lease>, scripts: RedisStoreScripts, parsed: ParsedRecords) {
    this.#link = link;
    this.#session = session;
    this.#base = link.key('s', session, '');
    this.#leases = leases;
    this.#scripts = scripts;
    this.#parsed = parsed;
  }

  /** The lease key and token a write must check: the caller's, when it runs under this session's lease. */
  #fence(): [string, string] {
    const lease = this.#leases.getStore();
    return lease?.session === this.#session ? [lease.key, lease.token] : ['', ''];
  }

  async get<T>(collection: string, id: string): Promise<T | undefined> {
    const text = await this.#link.run((redis) => redis.hget(`${this.#base}h:${collection}`, id));
    return text === null ? undefined : this.#parsed.parse<T>(text);
  }

  async list<T>(collection: string): Promise<T[]> {
    const texts = (await this.#scripts.list([], [this.#base, collection])) as string[];
    return texts.map((text) => this.#parsed.parse<T>(text));
  }

  async put<T>(collection: string, id: string, value: T): Promise<void> {
    await this.#scripts.put([], [this.#base, collection, id, JSON.stringify(value), ...this.#fence()]);
  }

  async remove(collection: string, id: string): Promise<boolean> {
    return (await this.#scripts.remove([], [this.#base, collection, id, ...this.#fence()])) === 1;
  }

  async dump(): Promise<Record<string, unknown[]>> {
    const names = await this.#link.run((redis) => redis.smembers(`${this.#base}cols`));
    const dump: Record<string, unknown[]> = {};
    for (const name of names.sort()) dump[name] = await this.list(name);
    return dump;
  }
}

/** Collects what a seeding function writes, to send it to Redis in one script. */
class SeedBuffer implements SessionStore {
  readonly records = new Map<string, Map<string, string>>();
  async get<T>(collection: string, id: string): Promise<T | undefined> {
    const text = this.records.get(collection)?.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }
  async list<T>(collection: string): Promise<T[]> {
    return [...(this.records.get(collection)?.values() ?? [])].map((text) => JSON.parse(text) as T);
  }
  async put<T>(collection: string, id: string, value: T): Promise<void> {
    let records = this.records.get(collection);
    if (!records) {
      records = new Map();
      this.records.set(collection, records);
    }
    records.set(id, JSON.stringify(value));
  }
  async remove(collection: string, id: string): Promise<boolean> {
    return this.records.get(collection)?.delete(id) ?? false;
  }
  async dump(): Promise<Record<string, unknown[]>> {
    return Object.fromEntries([...this.records.keys()].map((name) => [name, [...(this.records.get(name)?.values() ?? [])]]));
  }
  args(): string[] {
    return [...this.records].flatMap(([collection, records]) => [...records].flatMap(([id, json]) => [collection, id, json]));
  }
}

type Script = ReturnType<RedisLink['script']>;
interface RedisStoreScripts {
  readonly seed: Script;
  readonly drop: Script;
  readonly put: Script;
  readonly remove: Script;
  readonly list: Script;
  readonly acquire: Script;
  readonly release: Script;
}

export class RedisStoreProvider implements StoreProvider {
  readonly #link: RedisLink;
  readonly #maxSessions: number;
  readonly #scripts: RedisStoreScripts;
  readonly #leases = new AsyncLocalStorage<Lease>();
  readonly #locks = new Map<string, Promise<unknown>>();
  readonly #parsed = new ParsedRecords();
  /** Per session, the waiters to wake when another replica releases its lease. */
  readonly #waiting = new Map<string, Set<() => void>>();
  #listening: Promise<unknown> | undefined;

  constructor(link: RedisLink, maxSessions = REDIS_MAX_SESSIONS) {
    this.#link = link;
    this.#maxSessions = maxSessions;
    this.#scripts = {
      seed: link.script(SEED_SCRIPT),
      drop: link.script(DROP_SCRIPT),
      put: link.script(PUT_SCRIPT),
      remove: link.script(REMOVE_SCRIPT),
      list: link.script(LIST_SCRIPT),
      acquire: link.script(ACQUIRE_SCRIPT),
      release: link.script(RELEASE_SCRIPT),
    };
  }

  async open(session: string, create: (store: SessionStore) => Promise<void>): Promise<SessionStore> {
    const seeded = this.#link.key('s', session, 'seeded');
    // Both in one round trip: is the session there, and it was used now (the eviction order).
    const [exists] = await this.#link.run((redis) =>
      Promise.all([redis.exists(seeded), redis.zadd(this.#link.key('sessions'), 'XX', String(Date.now()), session)]),
    );
    if (exists === 0) await this.#seed(session, create, false);
    return new RedisSessionStore(this.#link, session, this.#leases, this.#scripts, this.#parsed);
  }

  async replace(session: string, create: (store: SessionStore) => Promise<void>): Promise<void> {
    await this.#seed(session, create, true);
  }

  async #seed(session: string, create: (store: SessionStore) => Promise<void>, replace: boolean): Promise<void> {
    const buffer = new SeedBuffer();
    await create(buffer);
    await this.#scripts.seed([], [this.#link.prefix, session, Date.now(), this.#maxSessions, replace ? 1 : 0, ...buffer.args()]);
  }

  exclusive<T>(session: string, work: () => Promise<T>): Promise<T> {
    const underLease = () => this.#underLease(session, work);
    const before = this.#locks.get(session) ?? Promise.resolve();
    const run = before.then(underLease, underLease);
    const settled = run.catch(() => undefined);
    this.#locks.set(session, settled);
    void settled.then(() => this.#locks.get(session) === settled && this.#locks.delete(session));
    return run;
  }

  /** Resolves when the session's lease is released (a message), or after `ms` (a holder that died says nothing). */
  #released(session: string, ms: number): Promise<void> {
    this.#listening ??= this.#link
      .listener()
      .subscribe(this.#link.key('released'))
      .then(() =>
        this.#link.listener().on('message', (channel: string, name: string) => {
          if (channel !== this.#link.key('released')) return;
          for (const wake of this.#waiting.get(name) ?? []) wake();
        }),
      )
      .catch(() => (this.#listening = undefined));
    return new Promise((resolve) => {
      const waiters = this.#waiting.get(session) ?? new Set();
      this.#waiting.set(session, waiters);
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0) this.#waiting.delete(session);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiters.add(wake);
    });
  }

  async #underLease<T>(session: string, work: () => Promise<T>): Promise<T> {
    const key = this.#link.key('s', session, 'lease');
    const fence = this.#link.key('fence');
    const deadline = Date.now() + LEASE_WAIT_MS;
    let token: unknown;
    // Waiting only while another replica holds the lease: until it says it released it, or its lease runs out.
    while (typeof (token = await this.#scripts.acquire([key, fence], [LEASE_MS])) === 'number') {
      if (Date.now() > deadline) throw new StateUnavailableError(`session ${session} stayed locked by another replica`);
      await this.#released(session, Math.min(token as number, 100) + Math.random() * 5);
    }
    const lease: Lease = { session, key, token: String(token) };
    try {
      return await this.#leases.run(lease, work);
    } finally {
      await this.#scripts.release([key], [lease.token, this.#link.key('released'), session]).catch(() => undefined);
    }
  }

  async drop(session?: string): Promise<string[]> {
    return (await this.#scripts.drop([], [this.#link.prefix, session ?? ''])) as string[];
  }

  async sessions(): Promise<string[]> {
    return (await this.#link.run((redis) => redis.zrange(this.#link.key('sessions'), '0', '-1'))).sort();
  }
}
