// The MSW adapter: request handlers that answer in-process with the stateful mock (no server), for frontend
// tests in Node and for Storybook or development in the browser. The composition root builds the mock, as for
// the Node server; here a Fetch API Request only becomes a MockRequest (its body bounded by the same limit) and
// the MockResponse a Fetch API Response.
import { type HttpHandler, HttpResponse, http } from 'msw';
import type { Family } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import { connectionFaultResponse, isConnectionFault } from '../../src/protocol';
import { composeMock } from '../compose-mock';
import type { StatefulEngine } from '../engine/engine';
import type { EventListener } from '../engine/events';
import type { Fixture } from '../engine/fixtures';
import type { Services } from '../engine/operation';
import { FAULT_HEADER } from '../engine/scenarios';
import type { MockWebhooks, MockWebhooksOptions } from '../events/mock-webhooks';
import { bodyTooLarge } from '../limits';
import { STATEFUL } from '../modes/stateful';
import { newRequestId } from '../pipeline/request-id';
import type { MockRequest, MockResponse } from '../pipeline/types';

export interface MswMockOptions {
  /** The origin (and optional path prefix) the app calls, e.g. `https://api.shop.test`; no trailing slash. */
  readonly baseUrl: string;
  readonly documents: Readonly<Record<Family, JsonObject>>;
  readonly services: Services;
  /** Named fixtures; `default` seeds every new session. */
  readonly fixtures: Readonly<Record<string, Fixture>>;
  /** The merchant's API key (default `mock-api-key`). */
  readonly apiKey?: string;
  readonly log?: (line: string) => void;
  /** Webhook delivery: give a `fetch` of your own when MSW intercepts the global one (see README). */
  readonly webhooks?: Omit<MockWebhooksOptions, 'documents' | 'log'>;
  /** Refuse the fields a request's contract does not declare (FIELD_NOT_ALLOWED); default false. */
  readonly strict?: boolean;
}

export interface MswMock {
  /** Give these to `setupServer(...handlers)` (msw/node) or `setupWorker(...handlers)` (msw/browser). */
  readonly handlers: HttpHandler[];
  /** The engine behind them: sessions, events, scenarios, the request log. */
  readonly engine: StatefulEngine;
  /** Every event the engine emits, in-process: `mock.events.subscribe(listener)` answers the unsubscribe function. */
  readonly events: { subscribe(listener: EventListener): () => void };
  /** Signed webhook deliveries, as the server's /__mock/webhooks: `(await mock.webhooks.dispatcher()).subscribe({ session, url })`. */
  readonly webhooks: MockWebhooks;
}

const toMockRequest = async (request: Request, prefix: string, maxBodyBytes: number): Promise<MockRequest | MockResponse> => {
  const requestId = newRequestId();
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.byteLength > maxBodyBytes) return bodyTooLarge(maxBodyBytes, requestId);
  const path = url.pathname.slice(prefix.length) || '/';
  return { method: request.method, target: `${path}${url.search}`, headers, body, requestId };
};

const toResponse = (response: MockResponse, signal?: AbortSignal): Response => {
  const fault = response.headers[FAULT_HEADER];
  if (isConnectionFault(fault)) {
    const { [FAULT_HEADER]: _marked, ...headers } = response.headers;
    const text = typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body);
    return connectionFaultResponse(fault, response.status, headers, text, signal);
  }
  const body = typeof response.body === 'string' ? response.body : response.body.slice().buffer;
  // A redirect or a 204 has no body in the Fetch API.
  const empty =
    response.status === 204 || response.status === 304 || (response.status >= 300 && response.status < 400 && !response.body.length);
  return new HttpResponse(empty ? null : body, { status: response.status, headers: response.headers });
};

export const createMswMock = (options: MswMockOptions): MswMock => {
  const base = options.baseUrl.replace(/\/+$/, '');
  const prefix = new URL(base).pathname.replace(/\/+$/, '');
  const mock = composeMock({
    documents: options.documents,
    mode: STATEFUL,
    parts: { services: options.services, fixtures: options.fixtures, apiKey: options.apiKey, webhooks: options.webhooks },
    publicUrl: () => base,
    log: options.log ?? (() => undefined),
    strict: options.strict,
  });
  const { engine, webhooks } = mock;
  const { maxBodyBytes } = mock.limits;
  const handler = http.all(`${base}/*`, async ({ request }) => {
    const mockRequest = await toMockRequest(request, prefix, maxBodyBytes);
    if ('status' in mockRequest) return toResponse(mockRequest);
    return toResponse(await mock.handle(mockRequest), request.signal);
  });
  return { handlers: [handler], engine, events: { subscribe: (listener) => engine.events.subscribe(listener) }, webhooks };
};
