import { ApiError, SystemError } from '../errors/api-error';
import { toApiError } from '../errors/to-api-error';
import type { Family, OperationInfo, OperationMeta } from '../operations/operation-meta';
import { REQUEST_ID_HEADER } from '../protocol';
import type { AuthContext, AuthStrategy } from './auth-port';
import { buildRequest, type CallInit } from './build-request';
import { type ClientOptions, resolveRetry } from './options';
import { retryDelay } from './retry-after';
import { type Answer, send } from './send';
import { isTokenRefusal } from './token-refusal';

/** The pipeline every call goes through: operation functions, `client.<family>.GET/...` and the React hooks. */
export interface Runtime {
  call(meta: OperationMeta, init: CallInit): Promise<{ data: unknown; response: Response }>;
  readonly authContext: AuthContext;
  /** The client's auth strategy, for what observes who is calling (query caches). */
  readonly auth: AuthStrategy;
}

const NO_AUTH: AuthStrategy = { getAuthHeaders: async () => ({}) };

const infoOf = (meta: OperationMeta): OperationInfo => ({
  family: meta.family,
  method: meta.method,
  path: meta.path,
  operationId: meta.operationId || undefined,
});

const abortedBy = (signals: readonly (AbortSignal | undefined)[]): AbortSignal | undefined => signals.find((signal) => signal?.aborted);

const wait = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** A 2xx answer's data: its JSON, or a SystemError when a JSON body was declared and none can be read. */
const successData = (meta: OperationMeta, answer: Answer): unknown => {
  if (answer.status === 204 || (meta.noContent && !answer.text)) return undefined;
  const requestId = answer.headers.get(REQUEST_ID_HEADER) ?? undefined;
  if (!answer.text) {
    throw new SystemError({
      status: answer.status,
      requestId,
      cause: new SyntaxError('The answer has an empty body where JSON was declared'),
    });
  }
  try {
    return JSON.parse(answer.text) as unknown;
  } catch (cause) {
    throw new SystemError({ status: answer.status, requestId, cause });
  }
};

export const createRuntime = (options: ClientOptions, baseUrls: Record<Family, string>): Runtime => {
  const auth = options.auth ?? NO_AUTH;
  const retry = resolveRetry(options.retry);
  const authContext: AuthContext = {
    platformBaseUrl: baseUrls.platform,
    fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
  };

  const report = (error: ApiError, meta: OperationMeta): ApiError => {
    const info = infoOf(meta);
    error.operation ??= info;
    try {
      options.onError?.(error, info);
    } catch (hookError) {
      // A failing hook must not replace the API error the caller is waiting for; surface it separately.
      queueMicrotask(() => {
        throw hookError;
      });
    }
    return error;
  };

  const attempt = async (meta: OperationMeta, init: CallInit) => {
    const request = buildRequest(baseUrls[meta.family], meta, init, options.headers);
    const signals = [init.signal, options.signal];
    const sendOptions = { fetch: options.fetch ?? globalThis.fetch, signals, timeoutMs: options.timeoutMs };
    let renewed = false;
    for (let tries = 0; ; tries += 1) {
      const authHeaders = await auth.getAuthHeaders(authContext);
      let failure: ApiError;
      try {
        const answer = await send(
          request.url,
          { method: request.method, headers: { ...request.headers, ...authHeaders }, body: request.body },
          sendOptions,
        );
        if (answer.status < 300) return { data: successData(meta, answer), response: answer.response };
        if (answer.status < 400) return { data: undefined, response: answer.response };
        failure = toApiError(answer.status, answer.statusText, answer.headers, answer.text, undefined);
        if (
          answer.status === 401 &&
          !renewed &&
          isTokenRefusal(failure, answer.statusText) &&
          (await auth.renewAfterUnauthorized?.(authContext, authHeaders))
        ) {
          renewed = true;
          tries -= 1;
          continue;
        }
      } catch (error) {
        if (abortedBy(signals)) throw error;
        failure = error instanceof ApiError ? error : new SystemError({ status: 0, cause: error });
      }
      const delay = retryDelay(retry, request.method, tries, failure);
      if (delay === undefined) throw failure;
      await wait(delay, abortedBy(signals) ?? init.signal ?? options.signal);
    }
  };

  return {
    authContext,
    auth,
    async call(meta, init) {
      try {
        return await attempt(meta, init);
      } catch (error) {
        // A call the caller cancelled (React Query does so on unmount) is not an API failure: pass it through.
        const cancelled = abortedBy([init.signal, options.signal]);
        if (cancelled) throw cancelled.reason;
        throw report(error instanceof ApiError ? error : new SystemError({ status: 0, cause: error }), meta);
      }
    },
  };
};
