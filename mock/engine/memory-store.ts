// The in-memory StoreProvider. Records are deep-frozen when they are put: reads cost nothing and no handler can
// change state by mutating what it read or wrote (strict mode throws on it, and the tests would fail).
// Sessions past the limit are dropped oldest-used first, which keeps memory bounded whatever clients name
// their sessions.
import { deepFreeze } from './deep-freeze';
import type { SessionStore, StoreProvider } from './store';

/** Most sessions kept at once; the least recently used one goes first. */
export const MAX_SESSIONS = 256;

class MemorySessionStore implements SessionStore {
  readonly #collections = new Map<string, Map<string, unknown>>();

  #collection(name: string): Map<string, unknown> {
    let collection = this.#collections.get(name);
    if (!collection) {
      collection = new Map();
      this.#collections.set(name, collection);
    }
    return collection;
  }

  async get<T>(collection: string, id: string): Promise<T | undefined> {
    return this.#collections.get(collection)?.get(id) as T | undefined;
  }

  async list<T>(collection: string): Promise<T[]> {
    return [...(this.#collections.get(collection)?.values() ?? [])] as T[];
  }

  async put<T>(collection: string, id: string, value: T): Promise<void> {
    this.#collection(collection).set(id, deepFreeze(value));
  }

  async remove(collection: string, id: string): Promise<boolean> {
    return this.#collections.get(collection)?.delete(id) ?? false;
  }

  async dump(): Promise<Record<string, unknown[]>> {
    const dump: Record<string, unknown[]> = {};
    for (const name of [...this.#collections.keys()].sort()) dump[name] = await this.list(name);
    return dump;
  }
}

export class MemoryStoreProvider implements StoreProvider {
  readonly #sessions = new Map<string, Promise<SessionStore>>();
  readonly #locks = new Map<string, Promise<unknown>>();
  readonly #maxSessions: number;

  constructor(maxSessions = MAX_SESSIONS) {
    this.#maxSessions = maxSessions;
  }

  open(session: string, create: (store: SessionStore) => Promise<void>): Promise<SessionStore> {
    let opened = this.#sessions.get(session);
    if (opened) {
      // Most recently used last: Map keeps insertion order.
      this.#sessions.delete(session);
      this.#sessions.set(session, opened);
      return opened;
    }
    const store = new MemorySessionStore();
    opened = create(store).then(() => store);
    this.#sessions.set(session, opened);
    opened.catch(() => this.#sessions.get(session) === opened && this.#sessions.delete(session));
    while (this.#sessions.size > this.#maxSessions) {
      const oldest = this.#sessions.keys().next().value as string;
      this.#sessions.delete(oldest);
    }
    return opened;
  }

  exclusive<T>(session: string, _store: SessionStore, work: () => Promise<T>): Promise<T> {
    const before = this.#locks.get(session) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.catch(() => undefined);
    this.#locks.set(session, settled);
    void settled.then(() => this.#locks.get(session) === settled && this.#locks.delete(session));
    return run;
  }

  async replace(session: string, create: (store: SessionStore) => Promise<void>): Promise<void> {
    this.#sessions.delete(session);
    await this.open(session, create);
  }

  async drop(session?: string): Promise<string[]> {
    if (session !== undefined) return this.#sessions.delete(session) ? [session] : [];
    const names = [...this.#sessions.keys()];
    this.#sessions.clear();
    return names;
  }

  async sessions(): Promise<string[]> {
    return [...this.#sessions.keys()].sort();
  }
}
