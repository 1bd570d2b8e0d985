import type { AuthStrategy } from '../auth/strategy';
import type { ApiError } from '../errors/api-error';
import type { OperationInfo } from './operation-entry';

export type Family = 'commerce' | 'platform';

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
  /** Abort a call that takes longer than this many milliseconds (a SystemError). */
  readonly timeoutMs?: number;
  /** Aborts every call of this client when it fires. */
  readonly signal?: AbortSignal;
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
