import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import { operations as commerceOperations } from '../../generated/commerce/operations';
import type { paths as CommercePaths } from '../../generated/commerce/schema';
import { operations as platformOperations } from '../../generated/platform/operations';
import type { paths as PlatformPaths } from '../../generated/platform/schema';
import { noAuth, type AuthContext } from '../auth/strategy';
import { ApiError, SystemError } from '../errors/api-error';
import { REQUEST_ID_HEADER, toApiError } from '../errors/to-api-error';
import { fallbackRequest } from './long-get';
import type { OperationEntry, OperationInfo } from './operation-entry';
import { resolveBaseUrls, type ClientOptions, type Family } from './options';
import { RouteTable } from './route-match';
import { serializeBody, serializeQuery } from './serialize';

export interface StorefrontClient {
  readonly commerce: Client<CommercePaths>;
  readonly platform: Client<PlatformPaths>;
}

const OPERATIONS: Record<Family, readonly OperationEntry[]> = {
  commerce: commerceOperations,
  platform: platformOperations,
};

// A call the caller cancelled (React Query does so on unmount) is not an API failure: it is passed through
// unreported. A time-out arrives as a TimeoutError and is a SystemError.
const isCallerAbort = (error: unknown): boolean => error instanceof Error && error.name === 'AbortError';

/**
 * Runs one fetch under the call's own signal, the client's signal and the time-out. The time-out is a plain
 * timer cleared when the call settles (AbortSignal.any does not keep AbortSignal.timeout alive in every runtime).
 */
const fetchWithin = async (request: Request, options: ClientOptions, send: typeof fetch): Promise<Response> => {
  const controller = new AbortController();
  const abort = (reason: unknown) => controller.abort(reason);
  for (const source of [request.signal, options.signal]) {
    if (!source) continue;
    if (source.aborted) abort(source.reason);
    else source.addEventListener('abort', () => abort(source.reason), { once: true });
  }
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => abort(new DOMException(`The call took longer than ${options.timeoutMs} ms`, 'TimeoutError')), options.timeoutMs);
  try {
    // Already cancelled (before or during auth): never send it.
    if (controller.signal.aborted) throw controller.signal.reason;
    return await send(request, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
};

const familyClient = <Paths extends {}>(
  family: Family,
  baseUrl: string,
  options: ClientOptions,
  authContext: AuthContext,
): Client<Paths> => {
  const operations = OPERATIONS[family];
  const routes = new RouteTable(operations);
  const byId = new Map(operations.map((entry) => [entry.operationId, entry]));
  const auth = options.auth ?? noAuth();
  const reported = new WeakSet<ApiError>();

  const infoOf = (method: string, schemaPath: string): OperationInfo => {
    const entry = routes.match(method, schemaPath.split('?')[0] ?? schemaPath)?.entry;
    return { family, method, path: entry?.path ?? schemaPath, operationId: entry?.operationId };
  };

  // Reports each error once, then hands it back to be thrown: the caller always gets the same error object.
  const report = (error: ApiError, info: OperationInfo): ApiError => {
    error.operation ??= info;
    if (!reported.has(error)) {
      reported.add(error);
      try {
        options.onError?.(error, info);
      } catch (hookError) {
        // A failing hook must not replace the API error the caller is waiting for; surface it separately.
        queueMicrotask(() => {
          throw hookError;
        });
      }
    }
    return error;
  };

  const asApiError = (error: unknown): ApiError =>
    error instanceof ApiError ? error : new SystemError({ status: 0, cause: error });

  const middleware: Middleware = {
    async onRequest({ request, schemaPath, params }) {
      const info = infoOf(request.method, schemaPath);
      try {
        const headers = await auth.getAuthHeaders(authContext);
        for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
        const twin = fallbackRequest(request, params.query, byId.get(info.operationId ?? ''), (id) => byId.get(id), baseUrl);
        return twin ?? request;
      } catch (error) {
        throw report(asApiError(error), info);
      }
    },
    async onResponse({ request, response, schemaPath }) {
      const info = infoOf(request.method, schemaPath);
      if (response.status >= 300 && response.status < 400) return undefined;
      if (!response.ok) {
        throw report(await toApiError(response.clone(), info), info);
      }
      const type = response.headers.get('content-type') ?? '';
      if (response.status !== 204 && type.includes('json')) {
        const text = await response.clone().text();
        try {
          if (text) JSON.parse(text);
        } catch (cause) {
          const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
          throw report(new SystemError({ status: response.status, requestId, cause, operation: info }), info);
        }
      }
      return undefined;
    },
    onError({ error, request, schemaPath }) {
      if (isCallerAbort(error)) return error as Error;
      return report(asApiError(error), infoOf(request.method, schemaPath));
    },
  };

  const client = createFetchClient<Paths>({
    baseUrl,
    headers: options.headers,
    querySerializer: (query) => serializeQuery(query as Record<string, unknown>),
    bodySerializer: (body) => serializeBody(body),
    fetch: (request: Request) => fetchWithin(request, options, authContext.fetch),
  });
  client.use(middleware);
  return client;
};

/**
 * The typed clients of both families. Every call goes through one pipeline: auth headers, serialization,
 * long-GET fallback, then error mapping with `onError` told once before the error is thrown.
 */
export const createClient = (options: ClientOptions): StorefrontClient => {
  const baseUrls = resolveBaseUrls(options);
  const authContext: AuthContext = {
    platformBaseUrl: baseUrls.platform,
    fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
  };
  const client: StorefrontClient = {
    commerce: familyClient<CommercePaths>('commerce', baseUrls.commerce, options, authContext),
    platform: familyClient<PlatformPaths>('platform', baseUrls.platform, options, authContext),
  };
  options.auth?.bind?.({ client, context: authContext });
  return client;
};
