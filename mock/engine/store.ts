// The stateful mock's state: one store per session, behind async operations, so a store shared between processes
// (a database, Redis) can take the place of the in-memory one without a change to any service.

/**
 * Collection name -> the type of its records, in one map: the services declare theirs (mock/services/records.ts)
 * and the fixtures the site settings, by adding to this interface, so a read is typed by the collection it names.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging where each collection is defined.
export interface StoreRecords {}

/** The records of a collection the map names; unknown for any other (a fixture's collection read by its name). */
export type RecordOf<C extends string> = C extends keyof StoreRecords ? StoreRecords[C] : unknown;

/**
 * One session's records, by collection and id. A value read is a snapshot the caller must not change (both
 * stores hand out deep-frozen objects): a change is a new value put.
 */
export interface SessionStore {
  get<C extends string>(collection: C, id: string): Promise<RecordOf<C> | undefined>;
  /** Every record of a collection, oldest first. */
  list<C extends string>(collection: C): Promise<RecordOf<C>[]>;
  /** Typed by the collection it names, as a read is: a record of another shape does not compile. */
  put<C extends string>(collection: C, id: string, value: RecordOf<C>): Promise<void>;
  /** False when there was no such record. */
  remove(collection: string, id: string): Promise<boolean>;
  /** Every collection with its records, for the state dump. */
  dump(): Promise<Record<string, unknown[]>>;
  /**
   * A shared store may end an `exclusive` work while its writes are still on their way; this resolves when the
   * writes of the works run through this store are stored, and rejects when they could not be. Answering waits
   * for it; a store that writes at once has nothing to wait for.
   */
  settled?(): Promise<void>;
}

export interface StoreProvider {
  /** The session's store; `create` fills a session seen for the first time (or again after a reset). */
  open(session: string, create: (store: SessionStore) => Promise<void>): Promise<SessionStore>;
  /**
   * Runs `work` alone among the calls `exclusive` makes for the same session (read-modify-write of writes).
   * `store` is the one `open` gave for the session and the one `work` reads and writes through: a shared store
   * ties those reads and writes to the work through it, and may resolve before they are stored (`settled`).
   */
  exclusive<T>(session: string, store: SessionStore, work: () => Promise<T>): Promise<T>;
  /** Forgets the session and fills it with `create` in one step: no other call sees it empty or seeded otherwise. */
  replace(session: string, create: (store: SessionStore) => Promise<void>): Promise<void>;
  /** Forgets one session, or every session; answers the names forgotten. */
  drop(session?: string): Promise<string[]>;
  sessions(): Promise<string[]>;
}
