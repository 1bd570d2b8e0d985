// The StoreProvider over Redis: every session's records shared by all replicas. Per session and collection a
// hash of records by id and a sorted set that keeps their order of creation (`list` answers oldest first, as
// the in-memory store does); a `seeded` marker that holds the session's version; one sorted set of sessions by
// last use, which bounds how many are kept (the least recently used goes first, as in memory). The scripts that
// do this are in session-scripts.ts.
//
// Versions: `<tag>:<n>`, a tag drawn when the session is seeded and a count every write raises. A replica keeps
// what it read of a session at one version (session-snapshots.ts), so a request whose session is still at that
// version reads nothing from Redis but the version itself; a write anywhere raises it and the next read fetches
// again. A fresh tag per seeding means a session reseeded (or a Redis that lost its data) never matches an old
// snapshot, whatever its count.
//
// Concurrency across replicas:
// - A new session is seeded by one script that checks the marker and writes the fixture in one step: however
//   many replicas see the session first, it is seeded exactly once, and nobody reads it half-written.
// - `exclusive` (a request's read-modify-write) runs in the session's line in this process (session-queue.ts)
//   under the session's lease across replicas (session-lease.ts). The work's writes are kept aside and committed
//   at its end by one script that checks the lease's token and the session's version first, so no other replica
//   ever sees half a work's writes. A work racing a reset fails (503) rather than writing into the new session.
import { deepFreeze } from '../engine/deep-freeze';
import { frozenText } from '../engine/json-texts';
import type { SessionStore, StoreProvider } from '../engine/store';
import { StateUnavailableError } from '../errors/state-unavailable';
import type { RedisLink } from './redis-link';
import { SeedBuffer } from './seed-buffer';
import { recordsBase, sessionsKey } from './session-keys';
import { type HeldLease, SessionLeases } from './session-lease';
import { SessionQueue, type Turn } from './session-queue';
import type { SessionRounds } from './session-rounds';
import {
  COMMIT_ARGS,
  COMMIT_SCRIPT,
  commitTail,
  DROP_ARGS,
  DROP_SCRIPT,
  LIST_ARGS,
  LIST_SCRIPT,
  READ_ARGS,
  READ_SCRIPT,
  SEED_ARGS,
  SEED_SCRIPT,
} from './session-scripts';
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

export class RedisStoreProvider implements StoreProvider {
  readonly #link: RedisLink;
  readonly #rounds: SessionRounds;
  readonly #maxSessions: number;
  readonly #scripts: RedisStoreScripts;
  readonly #queue = new SessionQueue();
  readonly #leases: SessionLeases;
  readonly #snapshots = new SessionSnapshots();

  constructor(link: RedisLink, rounds: SessionRounds, maxSessions = REDIS_MAX_SESSIONS) {
    this.#link = link;
    this.#rounds = rounds;
    this.#maxSessions = maxSessions;
    this.#scripts = {
      seed: link.script(SEED_SCRIPT),
      drop: link.script(DROP_SCRIPT),
      read: link.script(READ_SCRIPT),
      list: link.script(LIST_SCRIPT),
      commit: link.script(COMMIT_SCRIPT),
    };
    this.#leases = new SessionLeases(link);
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
    const [versionText, text] = (await this.#scripts.read([], READ_ARGS.argv({ base: this.#base(session), collection, id }))) as [
      string | null,
      string | null,
    ];
    const found = versionOf(versionText);
    this.#checkExact(session, version, found, exact);
    const value = text === null ? undefined : parse<T>(text);
    this.#snapshots.rememberRecord(session, found, key, value);
    return value;
  }

  async readList(session: string, collection: string, version: SessionVersion | undefined, exact: boolean): Promise<[string, unknown][]> {
    const known = this.#snapshots.list(session, collection, version, exact);
    if (known) return known;
    const [versionText, ...flat] = (await this.#scripts.list([], LIST_ARGS.argv({ base: this.#base(session), collection }))) as [
      string | null,
      ...string[],
    ];
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
    const args = COMMIT_ARGS.argv(
      { base: this.#base(session), lease: '', token: '', release: '0', channel: '', session, expected: '' },
      commitTail(new Map([['', write]])),
    );
    const [, after] = (await this.#scripts.commit([], args)) as [string | null, string | null];
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
    const args = SEED_ARGS.argv(
      { prefix: this.#link.prefix, session, now: Date.now(), maxSessions: this.#maxSessions, replace: replace ? 1 : 0, tag },
      buffer.args(),
    );
    return versionOf((await this.#scripts.seed([], args)) as string | null);
  }

  exclusive<T>(session: string, store: SessionStore, work: () => Promise<T>): Promise<T> {
    // Only this provider's stores of the same session can be tied to the work; any other store writes as it would.
    const bound = store instanceof RedisSessionStore && store.session === session ? store : undefined;
    return this.#queue.enqueue(session, (turn) => this.#underLease(session, turn, work, bound));
  }

  async #underLease<T>(session: string, turn: Turn, work: () => Promise<T>, store: RedisSessionStore | undefined): Promise<T> {
    const lease = await turn.lease(() => this.#leases.acquire(session));
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
    const handOver = turn.handOver(lease);
    const committed = this.#commit(lease, running.writes, !handOver);
    turn.pass();
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
    const args = COMMIT_ARGS.argv(
      {
        base: this.#base(session),
        lease: lease.key,
        token: lease.token,
        release: release ? '1' : '0',
        channel: this.#leases.channel,
        session,
        expected: writes.size > 0 && expected ? expected.text : '',
      },
      commitTail(writes),
    );
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
    return (await this.#scripts.drop([], DROP_ARGS.argv({ prefix: this.#link.prefix, session: session ?? '' }))) as string[];
  }

  async sessions(): Promise<string[]> {
    return (await this.#link.run((redis) => redis.zrange(sessionsKey(this.#link), '0', '-1'))).sort();
  }
}
