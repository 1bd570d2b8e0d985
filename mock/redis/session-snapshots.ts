// What one replica knows of each session at one version: the records and lists it has read (or written under
// its lease) since that version, so a request whose session has not changed reads them from memory. Every entry
// of a snapshot is true at its version; a read at another version fetches again. Bounded: the sessions used
// least recently go first, and a snapshot that grows too large starts over.

/** `<tag>:<count>`: the tag changes whenever the session is seeded, the count with every write. */
export interface SessionVersion {
  readonly text: string;
  readonly tag: string;
  readonly count: number;
}

export const versionOf = (text: string | null | undefined): SessionVersion | undefined => {
  if (!text) return undefined;
  const colon = text.lastIndexOf(':');
  const count = colon < 0 ? 0 : Number(text.slice(colon + 1));
  return colon < 0 || !Number.isInteger(count) ? { text, tag: text, count: 0 } : { text, tag: text.slice(0, colon), count };
};

/** A write kept aside until its work commits. `fresh`: put after a removal, so it goes to the end of the order. */
export interface PendingWrite {
  readonly kind: 'p' | 'r';
  readonly collection: string;
  readonly id: string;
  readonly value: unknown;
  readonly json: string;
  readonly fresh?: boolean;
}

/** By record key, in the order they were first made (a record written again moves to the end). */
export type PendingWrites = Map<string, PendingWrite>;

export const recordKey = (collection: string, id: string): string => `${collection}\u0000${id}`;

type Row = [id: string, value: unknown];

/** A collection's rows (creation order) with a work's writes applied, as Redis will order them on commit. */
export const mergeWrites = (rows: readonly Row[], writes: PendingWrites, collection: string): Row[] => {
  const mine = new Map<string, PendingWrite>();
  for (const write of writes.values()) if (write.collection === collection) mine.set(write.id, write);
  if (mine.size === 0) return [...rows];
  const merged: Row[] = [];
  for (const [id, value] of rows) {
    const write = mine.get(id);
    if (!write) merged.push([id, value]);
    else if (write.kind === 'p' && !write.fresh) {
      merged.push([id, write.value]);
      mine.delete(id);
    }
  }
  for (const write of mine.values()) if (write.kind === 'p') merged.push([write.id, write.value]);
  return merged;
};

interface Snapshot {
  version: SessionVersion;
  readonly records: Map<string, { readonly value: unknown }>;
  readonly lists: Map<string, Row[]>;
}

const SESSIONS_KEPT = 256;
const RECORDS_KEPT = 10_000;

/**
 * Whether a snapshot answers for a reader at `version`: exactly that version under a lease, else that version
 * or a later one of the same seeding (a read may see what was written after its request began).
 */
const answers = (snapshot: Snapshot, version: SessionVersion | undefined, exact: boolean): boolean =>
  version !== undefined &&
  (exact ? snapshot.version.text === version.text : snapshot.version.tag === version.tag && snapshot.version.count >= version.count);

export class SessionSnapshots {
  readonly #sessions = new Map<string, Snapshot>();

  #usable(session: string, version: SessionVersion | undefined, exact: boolean): Snapshot | undefined {
    const snapshot = this.#sessions.get(session);
    return snapshot && answers(snapshot, version, exact) ? snapshot : undefined;
  }

  record(session: string, key: string, version: SessionVersion | undefined, exact: boolean): { readonly value: unknown } | undefined {
    return this.#usable(session, version, exact)?.records.get(key);
  }

  list(session: string, collection: string, version: SessionVersion | undefined, exact: boolean): Row[] | undefined {
    return this.#usable(session, version, exact)?.lists.get(collection);
  }

  /** The snapshot at `version` to add to: a newer version found starts a new one; an older one adds nothing. */
  #at(session: string, version: SessionVersion | undefined): Snapshot | undefined {
    if (!version) return undefined;
    let snapshot = this.#sessions.get(session);
    if (snapshot && snapshot.version.tag === version.tag && snapshot.version.count > version.count) return undefined;
    if (!snapshot || snapshot.version.text !== version.text || snapshot.records.size > RECORDS_KEPT) {
      snapshot = { version, records: new Map(), lists: new Map() };
    }
    // Most recently used last.
    this.#sessions.delete(session);
    this.#sessions.set(session, snapshot);
    while (this.#sessions.size > SESSIONS_KEPT) this.#sessions.delete(this.#sessions.keys().next().value as string);
    return snapshot;
  }

  rememberRecord(session: string, version: SessionVersion | undefined, key: string, value: unknown): void {
    this.#at(session, version)?.records.set(key, { value });
  }

  rememberList(session: string, version: SessionVersion | undefined, collection: string, rows: Row[]): void {
    const snapshot = this.#at(session, version);
    if (!snapshot) return;
    snapshot.lists.set(collection, rows);
    for (const [id, value] of rows) snapshot.records.set(recordKey(collection, id), { value });
  }

  /** This process's lease committed `writes`, taking the session from `before` to `after`. */
  advance(session: string, before: SessionVersion, after: SessionVersion, writes: PendingWrites): void {
    const snapshot = this.#sessions.get(session);
    if (!snapshot || snapshot.version.text !== before.text) {
      this.forget(session);
      return;
    }
    snapshot.version = after;
    for (const [key, write] of writes) snapshot.records.set(key, { value: write.value });
    const written = new Set([...writes.values()].map((write) => write.collection));
    for (const collection of written) {
      const rows = snapshot.lists.get(collection);
      if (rows) snapshot.lists.set(collection, mergeWrites(rows, writes, collection));
    }
  }

  forget(session: string): void {
    this.#sessions.delete(session);
  }

  clear(): void {
    this.#sessions.clear();
  }
}
