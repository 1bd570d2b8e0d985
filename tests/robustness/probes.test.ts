import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlatformErrorBody } from '../../scripts/harness/fuzz-requests';
import { type MockProcess, startMockProcess } from '../../scripts/harness/mock-process';
import { treeRssMb } from '../../scripts/harness/process-tree';
import { API_KEY } from '../support/mock-credentials';
import { rawRequest } from '../support/raw-http';

// Every probe QA used to break the mock, against the real mock process: each gets an answer in the platform's
// error body with a request id, and the mock (both families) keeps serving afterwards.
let mock: MockProcess;
const AUTH = { Authorization: API_KEY };
const PRODUCT = '/v1/products/1a2d7e83-4bef-31d5-09e1-3326ee271c09';

beforeAll(async () => {
  mock = await startMockProcess({ env: { MOCK_MAX_BODY: '64kb', MOCK_REQUEST_TIMEOUT_MS: '1500' } });
});
afterAll(async () => {
  await mock?.stop();
});

const expectPlatformError = (status: number, text: string, headers: { get(name: string): string | null } | Record<string, string>) => {
  const requestId =
    typeof headers.get === 'function'
      ? (headers as { get(name: string): string | null }).get('x-wix-request-id')
      : (headers as Record<string, string>)['x-wix-request-id'];
  expect(requestId, 'x-wix-request-id').toBeTruthy();
  expect(isPlatformErrorBody(text), `platform body: ${text.slice(0, 300)}`).toBe(true);
  expect(status).toBeGreaterThanOrEqual(400);
};

const expectBothFamiliesServe = async () => {
  const cart = await fetch(`${mock.url}/v1/carts/current`, { headers: AUTH });
  expect(cart.status).toBe(200);
  const product = await fetch(`${mock.url}${PRODUCT}`, { headers: AUTH });
  expect(product.status).toBe(200);
};

describe('probes that used to stop the mock', () => {
  it('GET // is a 404 in the platform body', async () => {
    const answer = await rawRequest(mock.port, ['GET // HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
    expect(answer.status).toBe(404);
    expectPlatformError(answer.status ?? 0, answer.body, answer.headers);
    await expectBothFamiliesServe();
  });

  it('the authorize page refuses a redirect_uri that is not an absolute http(s) URL', async () => {
    for (const uri of ['notaurl', 'javascript:alert(1)', '//evil.example/cb']) {
      const answer = await fetch(`${mock.url}/__mock/oauth/authorize?redirect_uri=${encodeURIComponent(uri)}&state=s`, {
        redirect: 'manual',
      });
      expect(answer.status).toBe(400);
      expectPlatformError(answer.status, await answer.text(), answer.headers);
    }
    const logout = await fetch(`${mock.url}/__mock/oauth/logout?post_logout_redirect_uri=notaurl`, { redirect: 'manual' });
    expect(logout.status).toBe(400);
    await expectBothFamiliesServe();
  });

  it('a body over MOCK_MAX_BODY sent with Connection: close gets one 413', async () => {
    const body = `{"lineItems":"${'x'.repeat(100 * 1024)}"}`;
    const answer = await rawRequest(mock.port, [
      `POST /v1/carts/current/add-to-cart HTTP/1.1\r\nHost: x\r\nAuthorization: ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      body,
    ]);
    expect(answer.status).toBe(413);
    expect(answer.text.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1);
    expectPlatformError(413, answer.body, answer.headers);
    const chunked = await rawRequest(mock.port, [
      `POST /v1/carts/current/add-to-cart HTTP/1.1\r\nHost: x\r\nAuthorization: ${API_KEY}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      `${(100 * 1024).toString(16)}\r\n${'y'.repeat(100 * 1024)}\r\n0\r\n\r\n`,
    ]);
    expect(chunked.status).toBe(413);
    await expectBothFamiliesServe();
  });

  it.each(['%ff', '%ED%A0%80', '%', '%zz'])(
    'a path with the escape %s names the parameter and the family keeps serving',
    async (escape) => {
      const answer = await fetch(`${mock.url}/v1/products/${escape}`, { headers: AUTH });
      expect(answer.status).toBe(400);
      const text = await answer.text();
      expectPlatformError(answer.status, text, answer.headers);
      expect(JSON.parse(text).details.validationError.fieldViolations[0]).toMatchObject({ field: 'id', ruleName: 'FORMAT' });
      await expectBothFamiliesServe();
    },
  );
});

describe('one error language', () => {
  it('malformed JSON is a 400 in the platform body', async () => {
    const answer = await fetch(`${mock.url}/v1/carts/current/add-to-cart`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: '{"lineItems": [',
    });
    expect(answer.status).toBe(400);
    expectPlatformError(answer.status, await answer.text(), answer.headers);
  });

  it('a method the path does not take is a 405 with Allow', async () => {
    const answer = await fetch(`${mock.url}/v1/carts/current`, { method: 'PUT', headers: AUTH });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toContain('GET');
    expectPlatformError(answer.status, await answer.text(), answer.headers);
  });

  it('a body that is not JSON is a 415', async () => {
    const answer = await fetch(`${mock.url}/v1/carts/current/add-to-cart`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'text/plain' },
      body: 'lineItems=1',
    });
    expect(answer.status).toBe(415);
    expectPlatformError(answer.status, await answer.text(), answer.headers);
  });

  it('headers over 16 KB are a 431 in the platform body with a request id', async () => {
    const answer = await rawRequest(mock.port, [
      `GET /v1/carts/current HTTP/1.1\r\nHost: x\r\nAuthorization: ${API_KEY}\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    ]);
    expect(answer.status).toBe(431);
    expectPlatformError(431, answer.body, answer.headers);
  });

  it('nesting 10,000 deep is a 400, not a 500', async () => {
    const body = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const answer = await fetch(`${mock.url}/v1/carts/current/add-to-cart`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(400);
    expectPlatformError(answer.status, await answer.text(), answer.headers);
  });

  it('a call without credentials is a 401 UNAUTHENTICATED', async () => {
    const answer = await fetch(`${mock.url}/v1/carts/current`);
    expect(answer.status).toBe(401);
    const text = await answer.text();
    expectPlatformError(answer.status, text, answer.headers);
    expect(JSON.parse(text).details.applicationError.code).toBe('UNAUTHENTICATED');
  });

  it('a validation failure lists the real violations, named as the platform names them', async () => {
    const answer = await fetch(`${mock.url}/v1/carts/current/add-to-cart`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({
        lineItems: [{ quantity: 0, catalogReference: { catalogItemId: '', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' } }],
        businessLocationId: 'not-a-uuid',
      }),
    });
    expect(answer.status).toBe(400);
    const violations = (await answer.json()).details.validationError.fieldViolations as { field: string; ruleName: string }[];
    expect(violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'lineItems[0].quantity', ruleName: 'MIN' }),
        expect.objectContaining({ field: 'lineItems[0].catalogReference.catalogItemId', ruleName: 'MIN_LENGTH' }),
        expect.objectContaining({ field: 'businessLocationId', ruleName: 'FORMAT' }),
      ]),
    );
  });
});

describe('slow clients', () => {
  it('a client that stalls in its headers is answered 408 and disconnected', async () => {
    const answer = await rawRequest(mock.port, ['GET /v1/carts/current HTTP/1.1\r\nHost: x\r\n'], { timeoutMs: 8000, quietMs: 4000 });
    expect(answer.closed).toBe(true);
    if (answer.status !== undefined) expect(answer.status).toBe(408);
  });

  it('a client that stalls in its body is answered 408 in the platform body', async () => {
    const answer = await rawRequest(
      mock.port,
      [
        `POST /v1/carts/current/add-to-cart HTTP/1.1\r\nHost: x\r\nAuthorization: ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"line`,
      ],
      { timeoutMs: 8000, quietMs: 4000 },
    );
    expect(answer.status).toBe(408);
    expectPlatformError(408, answer.body, answer.headers);
    await expectBothFamiliesServe();
  });
});

describe('trust', () => {
  const redirectSession = (host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = JSON.stringify({
        auth: {
          authRequest: {
            clientId: '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f',
            redirectUri: 'http://127.0.0.1:9/cb',
            responseType: 'code',
            state: 's',
          },
        },
      });
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: mock.port,
          method: 'POST',
          path: '/v1/redirect-session',
          headers: { host, authorization: API_KEY, 'content-type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += String(chunk)));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('builds sign-in URLs from the mock URL, never from the Host header', async () => {
    const { status, body } = await redirectSession('evil.example');
    expect(status).toBe(200);
    expect(JSON.parse(body).redirectSession.fullUrl.startsWith(`${mock.url}/__mock/oauth/authorize?`)).toBe(true);
  });

  it('reflects only allowed origins', async () => {
    const local = await fetch(`${mock.url}/v1/carts/current`, { headers: { ...AUTH, Origin: 'http://localhost:5173' } });
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(local.headers.get('access-control-allow-credentials')).toBe('true');
    const evil = await fetch(`${mock.url}/v1/carts/current`, { headers: { ...AUTH, Origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${mock.url}/v1/carts/current`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(403);
    expectPlatformError(preflight.status, await preflight.text(), preflight.headers);
  });
});

describe('memory', () => {
  it('stays under 200 MB RSS after ten 10 MB bodies', async () => {
    const tenMb = Buffer.alloc(10 * 1024 * 1024, 'a');
    for (let i = 0; i < 10; i += 1) {
      const answer = await rawRequest(mock.port, [
        `POST /v1/carts/current/add-to-cart HTTP/1.1\r\nHost: x\r\nAuthorization: ${API_KEY}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
        Buffer.concat([Buffer.from(`${tenMb.length.toString(16)}\r\n`), tenMb, Buffer.from('\r\n0\r\n\r\n')]),
      ]);
      expect(answer.status).toBe(413);
    }
    await expectBothFamiliesServe();
    expect(treeRssMb(mock.child.pid as number)).toBeLessThan(200);
  }, 60_000);
});
