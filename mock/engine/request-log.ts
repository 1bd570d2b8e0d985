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

export interface RequestLogFilter {
  readonly operationId?: string;
  readonly limit?: number;
}

/** Where the request log is kept: in memory by default, in Redis when replicas share state. */
export interface RequestLogStore {
  record(session: string, entry: LoggedRequest): Promise<void>;
  /** Newest first, optionally only one operation's. */
  list(session: string, filter?: RequestLogFilter): Promise<LoggedRequest[]>;
  clear(session?: string): Promise<void>;
}

/** The entries a listing shows: newest first, the filter applied, at most the cap. */
export const selectLogged = (newestFirst: readonly LoggedRequest[], filter: RequestLogFilter): LoggedRequest[] => {
  const matching = filter.operationId ? newestFirst.filter((entry) => entry.operationId === filter.operationId) : newestFirst;
  return matching.slice(0, filter.limit ?? MAX_LOGGED_PER_SESSION);
};

export class RequestLog implements RequestLogStore {
  readonly #bySession = new Map<string, LoggedRequest[]>();

  async record(session: string, entry: LoggedRequest): Promise<void> {
    let entries = this.#bySession.get(session);
    if (!entries) {
      entries = [];
      this.#bySession.set(session, entries);
    }
    entries.push(entry);
    // Trimmed in batches: dropping the oldest one at every request would move the whole list each time.
    if (entries.length >= 2 * MAX_LOGGED_PER_SESSION) entries.splice(0, entries.length - MAX_LOGGED_PER_SESSION);
  }

  async list(session: string, filter: RequestLogFilter = {}): Promise<LoggedRequest[]> {
    return selectLogged((this.#bySession.get(session) ?? []).slice(-MAX_LOGGED_PER_SESSION).reverse(), filter);
  }

  async clear(session?: string): Promise<void> {
    if (session === undefined) this.#bySession.clear();
    else this.#bySession.delete(session);
  }
}
