// The per-process queue of a session's `exclusive` works: inside one process the works for a session wait in
// line, so only one at a time competes for the cross-replica lease (session-lease.ts). While more are queued the
// lease passes from one to the next, for a few milliseconds at most, so other replicas get their turn.
import type { HeldLease } from './session-lease';

/** How long a lease may pass from one queued work to the next before it is released for other replicas. */
const HANDOVER_MS = 20;

/** The works queued for one session in this process, and the lease that passes between them. */
interface SessionLine {
  tail: Promise<unknown>;
  /** Works not settled yet (the line is forgotten at none). */
  queued: number;
  /** Works still waiting for their turn: the lease passes on only to one of them. */
  waiting: number;
  held?: HeldLease;
}

/** A work's place in its session's line, once its turn has come. */
export interface Turn {
  /** The lease handed over by the work before, or the one `acquire` takes. */
  lease(acquire: () => Promise<HeldLease>): Promise<HeldLease>;
  /** Whether the lease passes on to the next work (kept for it) rather than being released. */
  handOver(lease: HeldLease): boolean;
  /** Lets the next work start (when this one's writes are on their way). */
  pass(): void;
}

export class SessionQueue {
  readonly #lines = new Map<string, SessionLine>();

  /** Runs `work` when the works queued before it for the session have passed their turn. */
  enqueue<T>(session: string, work: (turn: Turn) => Promise<T>): Promise<T> {
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
    const turnDone = new Promise<void>((resolve) => {
      pass = resolve;
    });
    const previous = current.tail;
    current.tail = turnDone;
    const turn: Turn = {
      async lease(acquire) {
        current.waiting -= 1;
        const lease = current.held ?? (await acquire());
        current.held = undefined;
        return lease;
      },
      handOver(lease) {
        const handOver = current.waiting > 0 && Date.now() - lease.since < HANDOVER_MS;
        if (handOver) current.held = lease;
        return handOver;
      },
      pass: () => pass(),
    };
    const run = previous.then(() => work(turn));
    void run
      .catch(() => undefined)
      .then(() => {
        pass();
        current.queued -= 1;
        if (current.queued === 0 && this.#lines.get(session) === current) this.#lines.delete(session);
      });
    return run;
  }
}
