// The requests the mock answered, per session, for tests to assert on (GET /__mock/requests).

export interface LoggedRequest {
  readonly requestId: string;
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly operationId: string | null;
  readonly status: number;
  readonly durationMs: number;
}

/** Requests kept per session, newest last. */
export const MAX_LOGGED_PER_SESSION = 1000;

export class RequestLog {
  readonly #bySession = new Map<string, LoggedRequest[]>();

  record(session: string, entry: LoggedRequest): void {
    let entries = this.#bySession.get(session);
    if (!entries) {
      entries = [];
      this.#bySession.set(session, entries);
    }
    entries.push(entry);
    // Trimmed in batches: dropping the oldest one at every request would move the whole list each time.
    if (entries.length >= 2 * MAX_LOGGED_PER_SESSION) entries.splice(0, entries.length - MAX_LOGGED_PER_SESSION);
  }

  /** Newest first, optionally only one operation's. */
  list(session: string, filter: { operationId?: string; limit?: number } = {}): LoggedRequest[] {
    const entries = (this.#bySession.get(session) ?? []).slice(-MAX_LOGGED_PER_SESSION).reverse();
    const matching = filter.operationId ? entries.filter((entry) => entry.operationId === filter.operationId) : entries;
    return matching.slice(0, filter.limit ?? MAX_LOGGED_PER_SESSION);
  }

  clear(session?: string): void {
    if (session === undefined) this.#bySession.clear();
    else this.#bySession.delete(session);
  }
}
