// The explorer's clients, made with the package's own createClient and auth strategies: every call goes through
// the runtime the package ships. The one thing added is the `fetch` the runtime is given, which watches the wire:
// it records each exchange of a call (status, headers, body, time) and, for "copy as curl", can capture a call's
// request without sending it, and send a body exactly as typed (malformed JSON included) in place of the one the
// runtime serialized. It also scopes calls to the mock to the explorer's mock session.

import { localStorageTokenStorage, type MemberSignIn, memberSignIn, type OAuthStrategy, oauthStrategy } from '../../../src/auth/index';
import { apiKey, createClient, type StorefrontClient } from '../../../src/index';
import type { AuthMode } from './settings';

/** The OAuth client id the explorer signs shoppers in with (the mock accepts any). */
export const EXPLORER_CLIENT_ID = '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f';
/** Marks the calls the explorer watches; removed before the request leaves. */
const CALL_HEADER = 'x-explorer-call';
export const SESSION_HEADER = 'x-mock-session';

export interface WireRequest {
  readonly url: string;
  readonly method: string;
  /** Header names in lower case, as sent. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

export interface WireExchange extends WireRequest {
  /** 0 when no answer came (the connection failed first). */
  readonly status: number;
  readonly statusText: string;
  /** The headers the browser lets a page read (CORS exposes only some). */
  readonly responseHeaders: readonly (readonly [string, string])[];
  /** The body as far as it came. */
  readonly responseText: string;
  readonly durationMs: number;
  /** Where the connection failed: before any answer, or in the body (after `receivedBytes`); the browser's words. */
  readonly networkFailure?: NetworkFailure;
}

export interface NetworkFailure {
  readonly stage: 'answer' | 'body';
  /** What fetch threw: browsers give pages no more than this (`TypeError: Failed to fetch`), never the reset itself. */
  readonly message: string;
  readonly receivedBytes: number;
  /** The body length the answer's headers declared, when they did. */
  readonly declaredBytes?: number;
}

const errorText = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Reads a body to its end, or as far as it comes before the connection fails (a cut-off or a stopped body). */
const readBody = async (response: Response): Promise<{ text: string; bytes: number; failure?: string }> => {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', bytes: 0 };
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), bytes };
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { text: text + decoder.decode(), bytes, failure: errorText(error) };
  }
};

type Tap = (
  | { readonly mode: 'record'; readonly exchanges: WireExchange[] }
  | { readonly mode: 'capture'; readonly requests: WireRequest[] }
) & { readonly rawBody?: string };
const taps = new Map<string, Tap>();
let nextTap = 0;

const explorerFetch =
  (sessionFor: (url: string) => string | undefined): typeof fetch =>
  async (input, init = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = new Headers(init.headers);
    const tap = taps.get(headers.get(CALL_HEADER) ?? '');
    headers.delete(CALL_HEADER);
    const session = sessionFor(url);
    if (session) headers.set(SESSION_HEADER, session);
    const body = tap?.rawBody ?? init.body;
    const request: WireRequest = {
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(headers),
      body: typeof body === 'string' ? body : undefined,
    };
    if (tap?.mode === 'capture') {
      tap.requests.push(request);
      return new Response(null, { status: 204 });
    }
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers, body });
    } catch (error) {
      if (tap?.mode === 'record')
        tap.exchanges.push({
          ...request,
          status: 0,
          statusText: '',
          responseHeaders: [],
          responseText: '',
          durationMs: elapsed(),
          networkFailure: { stage: 'answer', message: errorText(error), receivedBytes: 0 },
        });
      throw error;
    }
    if (tap?.mode === 'record') {
      const read = await readBody(response.clone());
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      tap.exchanges.push({
        ...request,
        status: response.status,
        statusText: response.statusText,
        responseHeaders: [...response.headers],
        responseText: read.text,
        durationMs: elapsed(),
        ...(read.failure !== undefined && {
          networkFailure: {
            stage: 'body',
            message: read.failure,
            receivedBytes: read.bytes,
            ...(Number.isInteger(declared) && { declaredBytes: declared }),
          },
        }),
      });
    }
    return response;
  };

export interface Connection {
  readonly baseUrl: string;
  readonly authMode: AuthMode;
  /** The client of the current auth mode. */
  readonly client: StorefrontClient;
  /** The same, made with `retry: true`: the runtime's own retries (GET only, Retry-After honoured). */
  readonly retryingClient: StorefrontClient;
  /** Visitor and member tokens for this base URL (kept in localStorage). */
  readonly shopper: OAuthStrategy;
  readonly signIn: MemberSignIn;
}

export interface ConnectionOptions {
  readonly baseUrl: string;
  readonly authMode: AuthMode;
  readonly apiKey: string;
  readonly siteId: string;
  /** The mock session for a request to `url`, or undefined when it does not go to the mock. */
  readonly sessionFor: (url: string) => string | undefined;
}

export const createConnection = (options: ConnectionOptions): Connection => {
  const fetch = explorerFetch(options.sessionFor);
  const shopper = oauthStrategy({
    clientId: EXPLORER_CLIENT_ID,
    tokenStorage: localStorageTokenStorage(`storefront-explorer.tokens ${options.baseUrl}`),
  });
  const auth =
    options.authMode === 'merchant' && options.apiKey.trim()
      ? apiKey(options.apiKey.trim(), { siteId: options.siteId.trim() || undefined })
      : shopper;
  const client = createClient({ baseUrl: options.baseUrl, auth, fetch });
  const retryingClient = createClient({ baseUrl: options.baseUrl, auth, fetch, retry: true });
  return { baseUrl: options.baseUrl, authMode: options.authMode, client, retryingClient, shopper, signIn: memberSignIn(shopper) };
};

/** An operation function as the family modules export it, called with an init the explorer builds at run time. */
export type CallableOperation = ((client: StorefrontClient, init?: object) => Promise<unknown>) & {
  readonly meta: { readonly operationId: string; readonly readOnly?: boolean; readonly method: string; readonly path: string };
};

export interface CallOutcome {
  readonly data?: unknown;
  readonly error?: unknown;
  /** The operation's own request and answer (the last attempt); undefined when nothing was sent. */
  readonly exchange: WireExchange | undefined;
  /** Every attempt, the last one included (more than one when a token was renewed or the call retried). */
  readonly attempts: readonly WireExchange[];
  readonly totalMs: number;
}

/** How the explorer sends a call beyond its init: the body text as typed, when it is not JSON; with retries. */
export interface SendOptions {
  readonly rawBody?: string;
  readonly retry?: boolean;
}

const tapped = (init: { headers?: Record<string, string> }, tap: Tap): { id: string; init: object } => {
  const id = String((nextTap += 1));
  taps.set(id, tap);
  return { id, init: { ...init, headers: { ...init.headers, [CALL_HEADER]: id } } };
};

/** Calls the operation through the package and keeps what went over the wire. */
export const callOperation = async (
  connection: Connection,
  operation: CallableOperation,
  init: { headers?: Record<string, string>; signal?: AbortSignal },
  options: SendOptions = {},
): Promise<CallOutcome> => {
  const exchanges: WireExchange[] = [];
  const { id, init: watched } = tapped(init, { mode: 'record', exchanges, rawBody: options.rawBody });
  const started = performance.now();
  try {
    const data = await operation(options.retry ? connection.retryingClient : connection.client, watched);
    return { data, exchange: exchanges.at(-1), attempts: exchanges, totalMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { error, exchange: exchanges.at(-1), attempts: exchanges, totalMs: Math.round(performance.now() - started) };
  } finally {
    taps.delete(id);
  }
};

/**
 * The request the runtime would send for this call, built by the runtime itself and stopped at the wire (auth
 * headers included: a missing visitor token is fetched first). Undefined when the runtime refuses the call.
 */
export const captureRequest = async (
  connection: Connection,
  operation: CallableOperation,
  init: { headers?: Record<string, string> },
  options: SendOptions = {},
): Promise<{ request?: WireRequest; error?: unknown }> => {
  const requests: WireRequest[] = [];
  const { id, init: watched } = tapped(init, { mode: 'capture', requests, rawBody: options.rawBody });
  try {
    await operation(connection.client, watched);
    return { request: requests.at(-1) };
  } catch (error) {
    return requests.length > 0 ? { request: requests.at(-1) } : { error };
  } finally {
    taps.delete(id);
  }
};
