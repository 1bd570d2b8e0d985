// The StoreProvider over Redis: every session's records shared by all replicas. Per session and collection a
// hash of records by id and a sorted set that keeps their order of creation (`list` answers oldest first, as
// the in-memory store does); a `seeded` marker that holds the session's version; one sorted set of sessions by
// last use, which bounds how many are kept (the least recently used goes first, as in memory).
//
// Versions: `<tag>:<n>`, a tag drawn when the session is seeded and a count every write raises. A replica keeps
// what it read of a session at one version (session-snapshots.ts), so a request whose session is still at that
// version reads nothing from Redis but the version itself; a write anywhere raises it and the next read fetches
// again. A fresh tag per seeding means a session reseeded (or a Redis that lost its data) never matches an old
// snapshot, whatever its count.
//
// Concurrency across replicas:
// - A new session is seeded by one Lua script that checks the marker and writes the fixture in one step:
//   however many replicas see the session first, it is seeded exactly once, and nobody reads it half-written.
// - `exclusive` (a request's read-modify-write) is a lease with fencing, not WATCH/MULTI or a script: the work is
//   a service handler in JavaScript that reads, decides and writes in several steps, which a script cannot run
//   and an optimistic transaction could only retry by running the handler (and its events) again. A replica takes
//   the session's lease with a fencing token (a counter that only grows); the work's writes are kept aside and
//   committed at its end by one script that first checks the lease still holds that token, so a replica that
//   stalled past its lease (or was partitioned) cannot overwrite what the next holder wrote, and no other replica
//   ever sees half a work's writes. A replica killed while holding the lease blocks the session only until the
//   lease expires. Resetting or reseeding a session deletes its lease: a work racing the reset fails (503) rather
//   than writing into the new session.
// - Inside one process the works for a session queue up, so only one at a time competes for the lease; while
//   more are queued the lease passes from one to the next (for a few milliseconds at most, so other replicas get
//   their turn), and a replica waiting for it is woken by the message the holder publishes on release (or when
//   the lease runs out), never by a polling loop.
import { deepFreeze } from '../engine/deep-freeze';
import { frozenText } from '../engine/json-texts';
import type { SessionStore, StoreProvider } from '../engine/store';
import { StateUnavailableError } from '../errors/state-unavailable';
import type { RedisLink } from './redis-link';
import { recordsBase, sessionsKey } from './session-keys';
import type { SessionRounds } from './session-rounds';
import {
  mergeWrites,
  type PendingWrite,
  type PendingWrites,
  recordKey,
  SessionSnapshots,
  type SessionVersion,
  versionOf,
} from './session-snapshots';

/** Sessions kept at once by default; the least recently used one goes first. */
export const REDIS_MAX_SESSIONS = 1000;
/** How long a lease holds: far above any handler's work, short enough that a killed replica is soon forgotten. */
export const LEASE_MS = 10_000;
/** How long a request waits for a session's lease before it is answered 503. */
const LEASE_WAIT_MS = 15_000;
/** How long a lease may pass from one queued work to the next before it is released for other replicas. */
const HANDOVER_MS = 20;

// The session's keys, under `<prefix>s:<session>:`: seeded (the version), cols (set of collections), seq
// (creation counter), lease, h:<collection> (records), o:<collection> (creation order).
const DROP = `
local function drop(prefix, name)
  local base = prefix .. 's:' .. name .. ':'
  for _, col in ipairs(redis.call('SMEMBERS', base .. 'cols')) do
    redis.call('DEL', base .. 'h:' .. col, base .. 'o:' .. col)
  end
  local existed = redis.call('DEL', base .. 'cols', base .. 'seq', base .. 'seeded')
  redis.call('DEL', base .. 'lease')
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

// ARGV: prefix, session, now, max sessions, replace (1: even when seeded), tag, then collection, id, JSON per
// record. Answers the session's version.
const SEED_SCRIPT = `${DROP}${PUT}
local prefix, name = ARGV[1], ARGV[2]
local base = prefix .. 's:' .. name .. ':'
if ARGV[5] ~= '1' then
  local seeded = redis.call('GET', base .. 'seeded')
  if seeded then return seeded end
end
drop(prefix, name)
for i = 7, #ARGV, 3 do put(base, ARGV[i], ARGV[i + 1], ARGV[i + 2]) end
local version = ARGV[6] .. ':0'
redis.call('SET', base .. 'seeded', version)
redis.call('ZADD', prefix .. 'sessions', ARGV[3], name)
local over = redis.call('ZCARD', prefix .. 'sessions') - tonumber(ARGV[4])
if over > 0 then
  for _, old in ipairs(redis.call('ZRANGE', prefix .. 'sessions', 0, over - 1)) do
    if old ~= name then drop(prefix, old) end
  end
end
return version`;

// ARGV: prefix, session (empty: every session).
const DROP_SCRIPT = `${DROP}
local prefix = ARGV[1]
local names = ARGV[2] ~= '' and { ARGV[2] } or redis.call('ZRANGE', prefix .. 'sessions', 0, -1)
local dropped = {}
for _, name in ipairs(names) do
  if drop(prefix, name) > 0 then table.insert(dropped, name) end
end
return dropped`;

// ARGV: base, collection, id. The version and the record, read together.
const READ_SCRIPT = `
return { redis.call('GET', ARGV[1] .. 'seeded'), redis.call('HGET', ARGV[1] .. 'h:' .. ARGV[2], ARGV[3]) }`;

// ARGV: base, collection. The version, then id and record in creation order, in slices (Lua's unpack has a limit).
const LIST_SCRIPT = `
local ids = redis.call('ZRANGE', ARGV[1] .. 'o:' .. ARGV[2], 0, -1)
local out = { redis.call('GET', ARGV[1] .. 'seeded') }
for i = 1, #ids, 500 do
  local values = redis.call('HMGET', ARGV[1] .. 'h:' .. ARGV[2], unpack(ids, i, math.min(i + 499, #ids)))
  for j, value in ipairs(values) do
    if value then
      table.insert(out, ids[i + j - 1])
      table.insert(out, value)
    end
  end
end
return out`;

// KEYS: lease, fence counter; ARGV: lease ms, base. The new token with the session's version, or the
// milliseconds the holder's lease has left (a number) when someone holds it.
const ACQUIRE_SCRIPT = `
local left = redis.call('PTTL', KEYS[1])
if left > 0 then return left end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], token, 'PX', ARGV[1])
return { tostring(token), redis.call('GET', ARGV[2] .. 'seeded') }`;

// ARGV: base, lease key (empty: a write under no lease), token, release (1|0), channel, session, the version
// the writes were made at (empty: any), then kind (p: put, r: remove), collection, id, JSON per write. Writes
// only while the lease holds that token and the session is at that version; releases the lease (telling the
// replicas waiting for the session) when asked and still held. Answers the version before and after.
const COMMIT_SCRIPT = `${PUT}
local base, lease, token = ARGV[1], ARGV[2], ARGV[3]
local holds = lease == '' or redis.call('GET', lease) == token
local before = redis.call('GET', base .. 'seeded')
local after = before
if #ARGV > 7 then
  if not holds then return redis.error_reply('LEASE_LOST the session lease expired before the write') end
  if ARGV[7] ~= '' and before ~= ARGV[7] then
    return redis.error_reply('VERSION_CHANGED the session changed under its lease')
  end
  for i = 8, #ARGV, 4 do
    if ARGV[i] == 'p' then
      put(base, ARGV[i + 1], ARGV[i + 2], ARGV[i + 3])
    else
      redis.call('ZREM', base .. 'o:' .. ARGV[i + 1], ARGV[i + 2])
      redis.call('HDEL', base .. 'h:' .. ARGV[i + 1], ARGV[i + 2])
    end
  end
  if before then
    local tag, count = string.match(before, '^(.*):(%d+)$')
    if not tag then tag, count = before, 0 end
    after = tag .. ':' .. (tonumber(count) + 1)
    redis.call('SET', base .. 'seeded', after)
  end
end
if lease ~= '' and ARGV[4] == '1' and holds then
  redis.call('DEL', lease)
  redis.call('PUBLISH', ARGV[5], ARGV[6])
end
return { before or false, after or false }`;

/** A lease this process holds on a session. */
interface HeldLease {
  readonly session: string;
  readonly key: string;
  readonly token: string;
  readonly since: number;
  /** The session's version as this process last made or saw it under the lease. */
  version: SessionVersion | undefined;
}

/** One `exclusive` work: the lease it runs under and the writes it has made so far. */
interface Work {
  readonly lease: HeldLease;
  readonly writes: PendingWrites;
}

type Script = ReturnType<RedisLink['script']>;
interface RedisStoreScripts {
  readonly seed: Script;
  readonly drop: Script;
  readonly read: Script;
  readonly list: Script;
  readonly acquire: Script;
  readonly commit: Script;
}

const parse = <T>(text: string): T => deepFreeze(JSON.parse(text) as T);

class RedisSessionStore implements SessionStore {
  readonly #provider: RedisStoreProvider;
  readonly #session: string;
  #version: SessionVersion | undefined;
  /** The `exclusive` work this store runs under, while it runs (a store serves one request). */
  #work: Work | undefined;

  constructor(provider: RedisStoreProvider, session: string, version: SessionVersion | undefined) {
    this.#provider = provider;
    this.#session = session;
    this.#version = version;
  }

  /** Ties the store's reads and writes to a work, or frees them. */
  bind(work: Work | undefined): void {
    this.#work = work;
  }

  /** The commit of the last work run through this store, while it travels. */
  #committing: Promise<void> = Promise.resolve();

  committing(commit: Promise<void>): void {
    this.#committing = commit;
  }

  settled(): Promise<void> {
    return this.#committing;
  }

  get session(): string {
    return this.#session;
  }

  async get<T>(collection: string, id: string): Promise<T | undefined> {
    const work = this.#work;
    const written = work?.writes.get(recordKey(collection, id));
    if (written) return written.value as T | undefined;
    return this.#provider.read<T>(this.#session, collection, id, work ? work.lease.version : this.#version, work !== undefined);
  }

  async list<T>(collection: string): Promise<T[]> {
    const work = this.#work;
    const rows = await this.#provider.readList(this.#session, collection, work ? work.lease.version : this.#version, work !== undefined);
    return (work ? mergeWrites(rows, work.writes, collection) : rows).map(([, value]) => value as T);
  }

  async put<T>(collection: string, id: string, value: T): Promise<void> {
    const frozen = deepFreeze(value);
    await this.#write({ kind: 'p', collection, id, value: frozen, json: frozenText(frozen) });
  }

  async remove(collection: string, id: string): Promise<boolean> {
    const existed = (await this.get(collection, id)) !== undefined;
    await this.#write({ kind: 'r', collection, id, value: undefined, json: '' });
    return existed;
  }

  async #write(write: PendingWrite): Promise<void> {
    const work = this.#work;
    if (work) {
      // Kept aside until the work ends: one script commits them all under the lease. A record put again after
      // its removal goes to the end of the order, as a new record does.
      const key = recordKey(write.collection, write.id);
      const earlier = work.writes.get(key);
      const fresh = write.kind === 'p' && earlier !== undefined && (earlier.kind === 'r' || earlier.fresh === true);
      work.writes.delete(key);
      work.writes.set(key, fresh ? { ...write, fresh } : write);
      return;
    }
    this.#version = await this.#provider.writeNow(this.#session, write);
  }

  async dump(): Promise<Record<string, unknown[]>> {
    const names = await this.#provider.collections(this.#session);
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

/** The works queued for one session in this process, and the lease that passes between them. */
interface SessionLine {
  tail: Promise<unknown>;
  /** Works not settled yet (the line is forgotten at none). */
  queued: number;
  /** Works still waiting for their turn: the lease passes on only to one of them. */
  waiting: number;
  held?: HeldLease;
}

const commitArgs = (writes: PendingWrites): string[] =>
  [...writes.values()].flatMap((write) => [
    ...(write.fresh ? ['r', write.collection, write.id, ''] : []),
    write.kind,
    write.collection,
    write.id,
    write.json,
  ]);

export class RedisStoreProvider implements StoreProvider {
  readonly #link: RedisLink;
  readonly #rounds: SessionRounds;
  readonly #maxSessions: number;
  readonly #scripts: RedisStoreScripts;
  readonly #lines = new Map<string, SessionLine>();
  readonly #snapshots = new SessionSnapshots();
  /** Per session, the waiters to wake when another replica releases its lease. */
  readonly #waiting = new Map<string, Set<() => void>>();
  #listening: Promise<unknown> | undefined;

  constructor(link: RedisLink, rounds: SessionRounds, maxSessions = REDIS_MAX_SESSIONS) {
    this.#link = link;
    this.#rounds = rounds;
    this.#maxSessions = maxSessions;
    this.#scripts = {
      seed: link.script(SEED_SCRIPT),
      drop: link.script(DROP_SCRIPT),
      read: link.script(READ_SCRIPT),
      list: link.script(LIST_SCRIPT),
      acquire: link.script(ACQUIRE_SCRIPT),
      commit: link.script(COMMIT_SCRIPT),
    };
  }

  #base(session: string): string {
    return recordsBase(this.#link, session);
  }

  /**
   * A record as of `version` or later. Under a lease (`exact`) the snapshot must be the session as the lease
   * found it: anything else means the session was reset under the work, which then fails.
   */
  async read<T>(
    session: string,
    collection: string,
    id: string,
    version: SessionVersion | undefined,
    exact: boolean,
  ): Promise<T | undefined> {
    const key = recordKey(collection, id);
    const known = this.#snapshots.record(session, key, version, exact);
    if (known) return known.value as T | undefined;
    const [versionText, text] = (await this.#scripts.read([], [this.#base(session), collection, id])) as [string | null, string | null];
    const found = versionOf(versionText);
    this.#checkExact(session, version, found, exact);
    const value = text === null ? undefined : parse<T>(text);
    this.#snapshots.rememberRecord(session, found, key, value);
    return value;
  }

  async readList(session: string, collection: string, version: SessionVersion | undefined, exact: boolean): Promise<[string, unknown][]> {
    const known = this.#snapshots.list(session, collection, version, exact);
    if (known) return known;
    const [versionText, ...flat] = (await this.#scripts.list([], [this.#base(session), collection])) as [string | null, ...string[]];
    const found = versionOf(versionText);
    this.#checkExact(session, version, found, exact);
    const rows: [string, unknown][] = [];
    for (let index = 0; index < flat.length; index += 2) rows.push([flat[index] as string, parse(flat[index + 1] as string)]);
    this.#snapshots.rememberList(session, found, collection, rows);
    return rows;
  }

  #checkExact(session: string, expected: SessionVersion | undefined, found: SessionVersion | undefined, exact: boolean): void {
    if (exact && expected && found?.text !== expected.text) {
      throw new StateUnavailableError(`session ${session} was reset or changed under its lease`);
    }
  }

  /** A write outside any lease, straight to Redis; answers the session's version after it. */
  async writeNow(session: string, write: PendingWrite): Promise<SessionVersion | undefined> {
    this.#snapshots.forget(session);
    const [, after] = (await this.#scripts.commit(
      [],
      [this.#base(session), '', '', '0', '', session, '', ...commitArgs(new Map([['', write]]))],
    )) as [string | null, string | null];
    return versionOf(after);
  }

  collections(session: string): Promise<string[]> {
    return this.#link.run((redis) => redis.smembers(`${this.#base(session)}cols`));
  }

  async open(session: string, create: (store: SessionStore) => Promise<void>): Promise<SessionStore> {
    let version = versionOf(await this.#rounds.touch(session));
    if (!version) version = await this.#seed(session, create, false);
    return new RedisSessionStore(this, session, version);
  }

  async replace(session: string, create: (store: SessionStore) => Promise<void>): Promise<void> {
    this.#snapshots.forget(session);
    await this.#seed(session, create, true);
  }

  async #seed(session: string, create: (store: SessionStore) => Promise<void>, replace: boolean): Promise<SessionVersion | undefined> {
    const buffer = new SeedBuffer();
    await create(buffer);
    const tag = globalThis.crypto.randomUUID().slice(0, 8);
    const args = [this.#link.prefix, session, Date.now(), this.#maxSessions, replace ? 1 : 0, tag, ...buffer.args()];
    return versionOf((await this.#scripts.seed([], args)) as string | null);
  }

  exclusive<T>(session: string, store: SessionStore, work: () => Promise<T>): Promise<T> {
    // Only this provider's stores of the same session can be tied to the work; any other store writes as it would.
    const bound = store instanceof RedisSessionStore && store.session === session ? store : undefined;
    let line = this.#lines.get(session);
    if (!line) {
      line = { tail: Promise.resolve(), queued: 0, waiting: 0 };
      this.#lines.set(session, line);
    }
    const current = line;
    current.queued += 1;
    current.waiting += 1;
    // The next work's turn comes when this one's writes are on their way to Redis, not when they are answered:
    // commands on one connection run in the order sent, and each commit checks the version the one before it
    // left, so a commit that fails takes every later one of the same lease down with it.
    let pass: () => void = () => undefined;
    const turn = new Promise<void>((resolve) => {
      pass = resolve;
    });
    const previous = current.tail;
    current.tail = turn;
    const run = previous.then(() => this.#underLease(session, current, work, pass, bound));
    void run
      .catch(() => undefined)
      .then(() => {
        pass();
        current.queued -= 1;
        if (current.queued === 0 && this.#lines.get(session) === current) this.#lines.delete(session);
      });
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

  async #acquire(session: string): Promise<HeldLease> {
    const key = this.#link.key('s', session, 'lease');
    const fence = this.#link.key('fence');
    const deadline = Date.now() + LEASE_WAIT_MS;
    let reply: unknown;
    // Waiting only while another replica holds the lease: until it says it released it, or its lease runs out.
    while (typeof (reply = await this.#scripts.acquire([key, fence], [LEASE_MS, this.#base(session)])) === 'number') {
      if (Date.now() > deadline) throw new StateUnavailableError(`session ${session} stayed locked by another replica`);
      await this.#released(session, Math.min(reply as number, 100) + Math.random() * 5);
    }
    const [token, versionText] = reply as [string, string | null];
    return { session, key, token, since: Date.now(), version: versionOf(versionText) };
  }

  async #underLease<T>(
    session: string,
    line: SessionLine,
    work: () => Promise<T>,
    pass: () => void,
    store: RedisSessionStore | undefined,
  ): Promise<T> {
    line.waiting -= 1;
    const lease = line.held ?? (await this.#acquire(session));
    line.held = undefined;
    const running: Work = { lease, writes: new Map() };
    let outcome: { value: T } | { error: unknown };
    store?.bind(running);
    try {
      outcome = { value: await work() };
    } catch (error) {
      outcome = { error };
    } finally {
      store?.bind(undefined);
    }
    // A failed work's writes are committed too, as the in-memory store keeps them.
    const handOver = line.waiting > 0 && Date.now() - lease.since < HANDOVER_MS;
    const committed = this.#commit(lease, running.writes, !handOver);
    if (handOver) line.held = lease;
    pass();
    if (store && !('error' in outcome)) {
      // The caller waits for the commit through the store (settled) before it answers: meanwhile it can send
      // what follows the work (its events, its log entry) in the same turn, right behind the commit.
      committed.catch(() => undefined);
      store.committing(committed);
      return outcome.value;
    }
    // A work that failed (a refusal) is answered once its writes are stored, as before.
    try {
      await committed;
    } catch (error) {
      if (!('error' in outcome)) outcome = { error };
    }
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }

  /**
   * Sends the work's writes (and the release, unless the lease passes on). What this process knows of the
   * session moves to the version the commit will make at once, for the next work; a commit that fails forgets it.
   */
  #commit(lease: HeldLease, writes: PendingWrites, release: boolean): Promise<void> {
    if (writes.size === 0 && !release) return Promise.resolve();
    const { session } = lease;
    const expected = lease.version;
    const args = [
      this.#base(session),
      lease.key,
      lease.token,
      release ? '1' : '0',
      this.#link.key('released'),
      session,
      writes.size > 0 && expected ? expected.text : '',
      ...commitArgs(writes),
    ];
    const sent = this.#scripts.commit([], args);
    if (writes.size > 0) {
      const next = expected && versionOf(`${expected.tag}:${expected.count + 1}`);
      if (expected && next) this.#snapshots.advance(session, expected, next, writes);
      else this.#snapshots.forget(session);
      lease.version = next;
    }
    return sent.then(
      () => undefined,
      (error: unknown) => {
        this.#snapshots.forget(session);
        if (writes.size > 0) throw error;
      },
    );
  }

  async drop(session?: string): Promise<string[]> {
    if (session === undefined) this.#snapshots.clear();
    else this.#snapshots.forget(session);
    return (await this.#scripts.drop([], [this.#link.prefix, session ?? ''])) as string[];
  }

  async sessions(): Promise<string[]> {
    return (await this.#link.run((redis) => redis.zrange(sessionsKey(this.#link), '0', '-1'))).sort();
  }
}
