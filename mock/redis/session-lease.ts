// The cross-replica lease on a session: what makes a request's read-modify-write (`exclusive`) one at a time
// across replicas. It is a lease with fencing, not WATCH/MULTI or a script: the work is a service handler in
// JavaScript that reads, decides and writes in several steps, which a script cannot run and an optimistic
// transaction could only retry by running the handler (and its events) again. A replica takes the session's
// lease with a fencing token (a counter that only grows); the work's writes are committed at its end by a script
// that first checks the lease still holds that token (session-scripts.ts), so a replica that stalled past its
// lease (or was partitioned) cannot overwrite what the next holder wrote. A replica killed while holding the lease
// blocks the session only until the lease expires; resetting or reseeding a session deletes its lease. A replica
// waiting for the lease is woken by the message the holder publishes on release (or when the lease runs out),
// never by a polling loop.
import { StateUnavailableError } from '../errors/state-unavailable';
import type { RedisLink } from './redis-link';
import { recordsBase } from './session-keys';
import { ACQUIRE_ARGS, ACQUIRE_SCRIPT } from './session-scripts';
import { type SessionVersion, versionOf } from './session-snapshots';

/** How long a lease holds: far above any handler's work, short enough that a killed replica is soon forgotten. */
export const LEASE_MS = 10_000;
/** How long a request waits for a session's lease before it is answered 503. */
const LEASE_WAIT_MS = 15_000;

/** A lease this process holds on a session. */
export interface HeldLease {
  readonly session: string;
  readonly key: string;
  readonly token: string;
  readonly since: number;
  /** The session's version as this process last made or saw it under the lease. */
  version: SessionVersion | undefined;
}

export class SessionLeases {
  readonly #link: RedisLink;
  readonly #acquire: ReturnType<RedisLink['script']>;
  /** Per session, the waiters to wake when another replica releases its lease. */
  readonly #waiting = new Map<string, Set<() => void>>();
  #listening: Promise<unknown> | undefined;

  constructor(link: RedisLink) {
    this.#link = link;
    this.#acquire = link.script(ACQUIRE_SCRIPT);
  }

  /** Where a release is told (the released session's name is the message). */
  get channel(): string {
    return this.#link.key('released');
  }

  /** Takes the session's lease, waiting while another replica holds it; 503 when it stays held. */
  async acquire(session: string): Promise<HeldLease> {
    const key = this.#link.key('s', session, 'lease');
    const fence = this.#link.key('fence');
    const args = ACQUIRE_ARGS.argv({ leaseMs: LEASE_MS, base: recordsBase(this.#link, session) });
    const deadline = Date.now() + LEASE_WAIT_MS;
    let reply: unknown;
    // Waiting only while another replica holds the lease: until it says it released it, or its lease runs out.
    while (typeof (reply = await this.#acquire([key, fence], args)) === 'number') {
      if (Date.now() > deadline) throw new StateUnavailableError(`session ${session} stayed locked by another replica`);
      await this.#released(session, Math.min(reply as number, 100) + Math.random() * 5);
    }
    const [token, versionText] = reply as [string, string | null];
    return { session, key, token, since: Date.now(), version: versionOf(versionText) };
  }

  /** Resolves when the session's lease is released (a message), or after `ms` (a holder that died says nothing). */
  #released(session: string, ms: number): Promise<void> {
    this.#listening ??= this.#link
      .listener()
      .subscribe(this.channel)
      .then(() =>
        this.#link.listener().on('message', (channel: string, name: string) => {
          if (channel !== this.channel) return;
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
}
