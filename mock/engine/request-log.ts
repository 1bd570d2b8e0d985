// The requests the mock answered, per session, for tests to assert on (GET /__mock/requests).
import { CappedLog } from './capped-log';

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
/** The bytes of JSON text a session's request log may take; the oldest entries go first. */
export const MAX_LOGGED_BYTES_PER_SESSION = 512 * 1024;

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
  readonly #bySession = new Map<string, CappedLog<LoggedRequest>>();

  async record(session: string, entry: LoggedRequest): Promise<void> {
    let entries = this.#bySession.get(session);
    if (!entries) {
      entries = new CappedLog(MAX_LOGGED_PER_SESSION, MAX_LOGGED_BYTES_PER_SESSION);
      this.#bySession.set(session, entries);
    }
    entries.push(entry, JSON.stringify(entry).length);
  }

  async list(session: string, filter: RequestLogFilter = {}): Promise<LoggedRequest[]> {
    return selectLogged(this.#bySession.get(session)?.newestFirst() ?? [], filter);
  }

  async clear(session?: string): Promise<void> {
    if (session === undefined) this.#bySession.clear();
    else this.#bySession.delete(session);
  }
}
