import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { memberSignIn, oauthStrategy, type Tokens } from '../../src/auth/index';
import { getCurrentCart } from '../../src/commerce';
import { ApiError, ApplicationError, apiKey, type ClientOptions, createClient, SystemError, staticToken } from '../../src/index';
import { CONNECTION_FAULTS } from '../../src/protocol';
import { API_KEY } from '../support/mock-credentials';

// A real local server that misbehaves on purpose, one path per fault; the client must turn every failure into
// an ApiError subclass and tell onError exactly once.
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const routes: Record<string, Handler> = {};
const hits: Record<string, number> = {};
let server: Server;
let baseUrl: string;

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', 'x-wix-request-id': `req-${status}`, ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const key = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
      hits[key] = (hits[key] ?? 0) + 1;
      const handler = routes[key];
      if (handler) handler(req, res, body);
      else send(res, 404, { message: 'no route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const setup = (route: Handler, options: Partial<ClientOptions> = {}) => {
  routes['GET /v1/carts/current'] = route;
  hits['GET /v1/carts/current'] = 0;
  const onError = vi.fn();
  const client = createClient({ baseUrl, auth: staticToken('t'), onError, ...options });
  return { client, onError };
};

const failureOf = async (promise: Promise<unknown>) => {
  const failure = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ApiError);
  return failure as ApiError;
};

describe('client under faults, against a real server', () => {
  it('a 200 with an HTML body where JSON is declared is a SystemError, reported once', async () => {
    const { client, onError } = setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'x-wix-request-id': 'html-1' });
      res.end('<html><body>maintenance</body></html>');
    });
    const failure = await failureOf(getCurrentCart(client));
    expect(failure).toBeInstanceOf(SystemError);
    expect(failure.message).toBe('System error occurred, request-id: html-1');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBe(failure);
  });

  it('a connection reset in the middle of a 200 body is a SystemError, reported once', async () => {
    const { client, onError } = setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"cart": {"id": "half');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const failure = await failureOf(client.commerce.GET('/v1/carts/current'));
    expect(failure).toBeInstanceOf(SystemError);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('timeoutMs bounds the body too: headers then silence is a SystemError after the time-out', async () => {
    const { client, onError } = setup(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"cart":');
      },
      { timeoutMs: 300 },
    );
    const started = performance.now();
    const failure = await failureOf(getCurrentCart(client));
    expect(failure).toBeInstanceOf(SystemError);
    expect((failure.cause as Error).name).toBe('TimeoutError');
    expect(performance.now() - started).toBeLessThan(3000);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('an empty 200 body where JSON is declared is a SystemError', async () => {
    const { client, onError } = setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end();
    });
    expect(await failureOf(getCurrentCart(client))).toBeInstanceOf(SystemError);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('429 and 503 expose retryAfterMs; without the retry option nothing is retried', async () => {
    const { client } = setup((_req, res) => send(res, 429, { message: 'slow down' }, { 'retry-after': '2' }));
    const failure = await failureOf(getCurrentCart(client));
    expect(failure).toBeInstanceOf(ApplicationError);
    expect(failure.retryAfterMs).toBe(2000);
    expect(hits['GET /v1/carts/current']).toBe(1);
    routes['GET /v1/carts/current'] = (_req, res) => send(res, 503, {}, { 'retry-after': '1' });
    const unavailable = await failureOf(getCurrentCart(client));
    expect(unavailable).toBeInstanceOf(SystemError);
    expect(unavailable.retryAfterMs).toBe(1000);
  });

  it('the retry option retries a GET with back-off until it succeeds, honouring Retry-After', async () => {
    let calls = 0;
    const { client, onError } = setup(
      (_req, res) => {
        calls += 1;
        if (calls < 3) send(res, 503, {}, { 'retry-after': '0' });
        else send(res, 200, { cart: { id: 'third-time' } });
      },
      { retry: { retries: 3, baseDelayMs: 10 } },
    );
    expect((await getCurrentCart(client)).cart?.id).toBe('third-time');
    expect(calls).toBe(3);
    expect(onError).not.toHaveBeenCalled();
  });

  it('never retries a POST unless asked, and does when POST is listed', async () => {
    let calls = 0;
    routes['POST /v1/carts/current/add-to-cart'] = (_req, res) => ((calls += 1), send(res, 503, {}, { 'retry-after': '0' }));
    const once = createClient({ baseUrl, auth: staticToken('t'), retry: { retries: 2, baseDelayMs: 1 } });
    await failureOf(once.commerce.POST('/v1/carts/current/add-to-cart', { body: { lineItems: [] } }));
    expect(calls).toBe(1);
    calls = 0;
    const asked = createClient({ baseUrl, auth: staticToken('t'), retry: { retries: 2, baseDelayMs: 1, methods: ['POST'] } });
    await failureOf(asked.commerce.POST('/v1/carts/current/add-to-cart', { body: { lineItems: [] } }));
    expect(calls).toBe(3);
  });
});

describe('OAuth strategy against a real server', () => {
  const tokens = (access: string): Tokens => ({
    accessToken: { value: access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
    refreshToken: { value: 'refresh-secret-1', role: 'member' },
  });

  it('renews the token once after a 401 and retries the call once', async () => {
    routes['POST /oauth2/token'] = (_req, res) =>
      send(res, 200, { access_token: 'fresh-access', expires_in: 3600, refresh_token: 'refresh-2' });
    hits['POST /oauth2/token'] = 0;
    const auth = oauthStrategy({ clientId: 'c', tokens: tokens('revoked-access') });
    const { onError } = setup((req, res) =>
      req.headers.authorization === 'fresh-access'
        ? send(res, 200, { cart: { id: 'after-renewal' } })
        : send(res, 401, { message: 'expired' }),
    );
    const renewed = createClient({ baseUrl, auth, onError });
    expect((await getCurrentCart(renewed)).cart?.id).toBe('after-renewal');
    expect(hits['POST /oauth2/token']).toBe(1);
    expect(hits['GET /v1/carts/current']).toBe(2);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a second 401 is final: no loop, one ApplicationError', async () => {
    routes['POST /oauth2/token'] = (_req, res) => send(res, 200, { access_token: 'still-refused', expires_in: 3600 });
    const auth = oauthStrategy({ clientId: 'c', tokens: tokens('revoked-access') });
    const { onError } = setup((_req, res) =>
      send(res, 401, { message: 'no', details: { applicationError: { code: 'UNAUTHENTICATED', description: 'no' } } }),
    );
    const client = createClient({ baseUrl, auth, onError });
    const failure = await failureOf(getCurrentCart(client));
    expect(failure).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(hits['GET /v1/carts/current']).toBe(2);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('a malformed token answer leaks no token into the error, its cause, inspect output or onError', async () => {
    routes['POST /oauth2/token'] = (_req, res) =>
      send(res, 200, { access_token: 'leaked-access-SECRET', refresh_token: 'leaked-refresh-SECRET', expires_in: 'soon' });
    const logged: string[] = [];
    const auth = oauthStrategy({ clientId: 'c' });
    const { onError } = setup((_req, res) => send(res, 200, { cart: {} }));
    const client = createClient({
      baseUrl,
      auth,
      onError: (error, operation) => (onError(), logged.push(inspect(error, { depth: 10 }), JSON.stringify({ error, operation }))),
    });
    const failure = await failureOf(getCurrentCart(client));
    const everything = [failure.message, inspect(failure, { depth: 10 }), JSON.stringify(failure), String(failure.cause), ...logged].join(
      '\n',
    );
    expect(everything).not.toMatch(/SECRET|refresh-secret/);
    expect(everything).toMatch(/expires_in is missing or not a number/);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('logout clears the local tokens even when the logout session cannot be created', async () => {
    routes['POST /v1/redirect-session'] = (_req, res) => send(res, 503, {});
    const auth = oauthStrategy({ clientId: 'c', tokens: tokens('member-access') });
    createClient({ baseUrl, auth });
    await expect(memberSignIn(auth).logout('http://127.0.0.1/')).rejects.toBeInstanceOf(SystemError);
    expect(auth.getTokens().refreshToken.role).toBe('none');
    expect(auth.loggedIn()).toBe(false);
  });
});

// The same faults forced on the mock itself (PUT /__mock/scenarios), as a QA run forces them: each once, so a
// client that retries gets the operation's real answer on the next try.
describe('client under the faults the mock forces', () => {
  const mockUrl = inject('mockUrl');
  const force = async (session: string, failure: Record<string, unknown>) => {
    const response = await fetch(`${mockUrl}/__mock/scenarios/getCurrentCart`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, failure: { ...failure, times: 1 } }),
    });
    expect(response.status, await response.text()).toBe(200);
  };
  const clientOf = (session: string, options: Partial<ClientOptions> = {}) =>
    createClient({ baseUrl: mockUrl, auth: apiKey(API_KEY), headers: { 'x-mock-session': session }, ...options });

  it.each(CONNECTION_FAULTS)('survives a forced %s: the failure is a SystemError, and a retry gets the answer', async (fault) => {
    const session = `client-fault-${fault}`;
    await force(session, { fault });
    const failure = await failureOf(getCurrentCart(clientOf(session, { timeoutMs: 1500 })));
    expect(failure).toBeInstanceOf(SystemError);
    expect(failure.status).toBe(0);
    await force(session, { fault });
    const retried = await getCurrentCart(clientOf(session, { timeoutMs: 1500, retry: { retries: 1, baseDelayMs: 1 } }));
    expect(retried.cart?.id).toBeTruthy();
  });

  it.each([429, 502, 503, 504])('survives a forced %i gateway answer, waiting as Retry-After says where it is sent', async (status) => {
    const session = `client-gateway-${status}`;
    await force(session, { status, ...(status === 429 || status === 503 ? { retryAfterSeconds: 1 } : {}) });
    const started = Date.now();
    const retried = await getCurrentCart(clientOf(session, { retry: { retries: 1, baseDelayMs: 1 } }));
    expect(retried.cart?.id).toBeTruthy();
    if (status === 429 || status === 503) expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    await force(session, { status });
    const failure = await failureOf(getCurrentCart(clientOf(session)));
    expect(failure.status).toBe(status);
    expect(failure.retryAfterMs).toBe(status === 429 || status === 503 ? 1000 : undefined);
  });

  it("does not retry sooner than Retry-After asks: a wait past the longest delay is the caller's", async () => {
    const session = 'client-gateway-long-wait';
    await force(session, { status: 429, retryAfterSeconds: 30 });
    const failure = await failureOf(getCurrentCart(clientOf(session, { retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5000 } })));
    expect(failure.status).toBe(429);
    expect(failure.retryAfterMs).toBe(30_000);
  });
});
