import type { ApiError } from '../errors/api-error';
import type { Family, HttpMethod, OperationInfo } from '../operations/operation-meta';
import type { AuthStrategy } from './auth-port';

export interface RetryOptions {
  /** Further attempts after the first (default 2). */
  readonly retries?: number;
  /** Methods that may be retried (default GET only: a POST may have taken effect). */
  readonly methods?: readonly HttpMethod[];
  /** First back-off in ms, doubled each attempt (default 200); a `Retry-After` answer wins up to `maxDelayMs`. */
  readonly baseDelayMs?: number;
  /** Longest wait between attempts (default 10000). */
  readonly maxDelayMs?: number;
}

export interface ClientOptions {
  /** One URL for both families, or one per family (no trailing path after the API root). */
  readonly baseUrl: string | { readonly commerce: string; readonly platform: string };
  /** Decides the auth headers of every call; default: none. */
  readonly auth?: AuthStrategy;
  /** Told once about every failed call, before the error is thrown to the caller. */
  readonly onError?: (error: ApiError, operation: OperationInfo) => void;
  /** The fetch to use; default: the global one at call time. */
  readonly fetch?: typeof fetch;
  /** Headers sent with every call. */
  readonly headers?: Record<string, string>;
  /** Abort a call, body included, that takes longer than this many milliseconds (a SystemError). */
  readonly timeoutMs?: number;
  /** Aborts every call of this client when it fires. */
  readonly signal?: AbortSignal;
  /** Opt-in: retry failed idempotent calls (429, 502, 503, 504, network failures) with back-off. */
  readonly retry?: boolean | RetryOptions;
}

const checkUrl = (field: string, value: unknown): string => {
  if (typeof value !== 'string' || !/^https?:\/\//.test(value)) {
    throw new TypeError(`createClient: ${field} must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  return value.replace(/\/+$/, '');
};

/** The base URL of each family, checked; bad options fail here with the field named, not on the first call. */
export const resolveBaseUrls = (options: ClientOptions): Record<Family, string> => {
  if (options === null || typeof options !== 'object') throw new TypeError('createClient: options must be an object');
  const { baseUrl, timeoutMs } = options;
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new TypeError(`createClient: timeoutMs must be a positive number of milliseconds, got ${timeoutMs}`);
  }
  if (typeof baseUrl === 'object' && baseUrl !== null) {
    return { commerce: checkUrl('baseUrl.commerce', baseUrl.commerce), platform: checkUrl('baseUrl.platform', baseUrl.platform) };
  }
  const url = checkUrl('baseUrl', baseUrl);
  return { commerce: url, platform: url };
};

const checkCount = (field: string, value: number | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) throw new TypeError(`createClient: ${field} must be a whole number >= 0, got ${value}`);
  return value;
};

export interface RetryPolicy {
  readonly retries: number;
  readonly methods: readonly string[];
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

/** The retry option made whole, or undefined when calls are not retried. */
export const resolveRetry = (retry: ClientOptions['retry']): RetryPolicy | undefined => {
  if (!retry) return undefined;
  const given = retry === true ? {} : retry;
  return {
    retries: checkCount('retry.retries', given.retries, 2),
    methods: given.methods ?? ['GET'],
    baseDelayMs: checkCount('retry.baseDelayMs', given.baseDelayMs, 200),
    maxDelayMs: checkCount('retry.maxDelayMs', given.maxDelayMs, 10_000),
  };
};
