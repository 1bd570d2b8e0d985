import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../../mock/start-mock';
import { jsonContent } from '../../spec-model/document';
import { firstExample } from '../../spec-model/examples';
import { loadOperations } from '../../spec-model/load';
import { API_KEY } from '../support/mock-credentials';

// Proxy mode against a fake upstream (a Node server on a free port) that answers well and badly: every verdict in
// the bounded `x-mock-contract` header, the violations under /__mock/violations, one log line each, the 502 of a
// reset and the 504 of a stall; then a recording replayed by the stateful mode. The QA page shows the
// same requests.
const operation = (id: string) => {
  const found = loadOperations('platform').find((candidate) => candidate.operationId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};
const example = (id: string) => structuredClone(firstExample(jsonContent(operation(id).responses['200']))) as Record<string, any>;
const PRODUCT = example('getProduct');
const PRODUCT_ID = PRODUCT.product.id as string;
// An answer with one e-mail address, which the recording must not keep.
PRODUCT.product.description = '<p>Questions? Write to jane.doe@shop.test</p>';

const platformError = (code: string) => ({ message: code, details: { applicationError: { code, description: `upstream says ${code}` } } });

/** What the fake upstream answers per product id; every request it gets is kept with its headers. */
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
const startUpstream = async (): Promise<Server> => {
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const json = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', 'x-wix-request-id': `upstream-${seen.length}`, 'x-upstream': 'fake' });
      res.end(text);
    };
    const id = (req.url ?? '').split('?')[0]?.split('/').pop();
    if ((req.url ?? '').startsWith('/v1/carts/current')) {
      // A current cart that carries nothing it always carries, as the test's `x-cart-answer` asks.
      const answers: Record<string, unknown> = { 'empty-cart': { cart: {} }, empty: {}, 'error-body': { message: 'x', details: {} } };
      return json(200, answers[String(req.headers['x-cart-answer'])] ?? {});
    }
    if (req.url === '/v1/recommendations/algorithms') {
      // Every algorithm breaks its schema: far more violations than a header can hold.
      const broken = Array.from({ length: 60 }, () => ({ config: { algorithmType: 7, name: 8 }, appId: 9 }));
      return json(200, { availableAlgorithms: broken });
    }
    if (id === PRODUCT_ID) {
      res.setHeader('set-cookie', ['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/']);
      return json(200, PRODUCT);
    }
    if (id === 'undeclared-status') return json(418, platformError('TEAPOT'));
    if (id === 'wrong-type') return json(200, { product: { ...PRODUCT.product, name: 42 } });
    if (id === 'missing-field') return json(404, { details: platformError('NOT_FOUND').details });
    if (id === 'undeclared-code') return json(404, platformError('GONE_FISHING'));
    if (id === 'slow') {
      setTimeout(() => json(200, PRODUCT), 3_000).unref();
      return;
    }
    if (id === 'reset') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('{"product":{"id":"');
      setTimeout(() => res.socket?.destroy(), 50).unref();
      return;
    }
    return json(404, platformError('NOT_FOUND'));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
};

let upstream: Server;
let upstreamUrl: string;
let proxy: RunningMock;
let recordDir: string;
const logged: string[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  recordDir = mkdtempSync(join(tmpdir(), 'proxy-record-'));
  proxy = await startMock({
    port: 0,
    mode: 'proxy',
    proxy: { upstream: upstreamUrl, upstreamTimeoutMs: 500, recordDir },
    log: (line) => logged.push(line),
  });
});

afterAll(async () => {
  await proxy?.close();
  upstream?.closeAllConnections();
  upstream?.close();
  rmSync(recordDir, { recursive: true, force: true });
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${proxy.url}${path}`, { headers: { authorization: API_KEY, ...headers } });
  return {
    status: response.status,
    verdict: response.headers.get('x-mock-contract'),
    headers: response.headers,
    text: await response.text(),
  };
};

describe('proxy mode', () => {
  it('passes a kept answer on unchanged with the verdict ok; credentials untouched, Host the upstream’s', async () => {
    const answer = await get(`/v1/products/${PRODUCT_ID}`, { authorization: 'Bearer secret-token-1', 'x-custom': 'kept' });
    expect(answer.status).toBe(200);
    expect(answer.verdict).toBe('ok');
    expect(answer.text).toBe(JSON.stringify(PRODUCT));
    expect(answer.headers.get('x-upstream')).toBe('fake');
    expect(answer.headers.get('x-wix-request-id')).toMatch(/^upstream-/);
    expect(answer.headers.getSetCookie()).toEqual(['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/']);
    const request = seen.at(-1);
    expect(request?.headers.authorization).toBe('Bearer secret-token-1');
    expect(request?.headers['x-custom']).toBe('kept');
    expect(request?.headers.host).toBe(new URL(upstreamUrl).host);
  });

  it.each([
    ['undeclared-status', 418, /^1 violation; first: answer status 418 is not a status getProduct declares/],
    ['wrong-type', 200, /^1 violation; first: answer product\.name must be string/],
    ['missing-field', 404, /^1 violation; first: answer message is required$/],
    [
      'undeclared-code',
      404,
      /^1 violation; first: answer details\.applicationError\.code GONE_FISHING is not a code getProduct declares for 404 \(it declares NOT_FOUND\)/,
    ],
  ])('names the broken contract of %s in the header and passes the answer on as sent', async (id, status, verdict) => {
    const answer = await get(`/v1/products/${id}`);
    expect(answer.status).toBe(status);
    expect(answer.verdict).toMatch(verdict);
    expect(answer.headers.get('x-upstream')).toBe('fake');
  });

  it.each([
    ['empty-cart', /^3 violations; first: answer cart\.createdDate is required$/, ['cart.createdDate', 'cart.id', 'cart.updatedDate']],
    ['empty', /^1 violation; first: answer cart is required$/, ['cart']],
    ['error-body', /^1 violation; first: answer cart is required$/, ['cart']],
  ])('flags a 200 current cart that is %s, naming each missing field', async (kind, verdict, missing) => {
    const answer = await get('/v1/carts/current', { 'x-cart-answer': kind });
    expect(answer.status).toBe(200);
    expect(answer.verdict).toMatch(verdict);
    const report = (await (await fetch(`${proxy.url}/__mock/violations?operationId=getCurrentCart`)).json()) as any;
    const latest = report.latest[0];
    expect(latest).toMatchObject({ operationId: 'getCurrentCart', status: 200 });
    expect(latest.violations.map((violation: { field: string }) => violation.field).sort()).toEqual(missing);
    expect(latest.violations.every((violation: { side: string }) => violation.side === 'answer')).toBe(true);
  });

  it('keeps the header under 300 bytes however many violations; the full list is under /__mock/violations', async () => {
    const answer = await get('/v1/recommendations/algorithms');
    expect(answer.status).toBe(200);
    expect(answer.verdict).toMatch(/^50 violations; first: answer /);
    expect(Buffer.byteLength(answer.verdict ?? '')).toBeLessThanOrEqual(300);
    const report = (await (await fetch(`${proxy.url}/__mock/violations?operationId=listRecommendationAlgorithms`)).json()) as any;
    expect(report.byOperation.listRecommendationAlgorithms).toEqual({ checked: 1, violating: 1, violations: 50, gatewayErrors: 0 });
    expect(report.latest).toHaveLength(1);
    expect(report.latest[0]).toMatchObject({
      operationId: 'listRecommendationAlgorithms',
      status: 200,
      requestId: expect.stringMatching(/^upstream-/),
    });
    expect(report.latest[0].violations).toHaveLength(50);
    expect(report.latest[0].violations[0]).toMatchObject({ side: 'answer', field: expect.stringMatching(/^availableAlgorithms\[0\]/) });
  });

  it('checks the request too, and forwards it anyway: the upstream has the last word', async () => {
    const before = seen.length;
    const answer = await get(`/v1/products/${PRODUCT_ID}?includeMerchantSpecificData=maybe`);
    expect(seen.length).toBe(before + 1);
    expect(answer.status).toBe(200);
    expect(answer.verdict).toMatch(/^1 violation; first: request includeMerchantSpecificData must be boolean/);
    const unknown = await get('/v1/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.verdict).toBe('1 violation; first: request path GET /v1/no-such-thing is no operation of the API (404)');
  });

  it('answers a reset mid-body with a 502 and a stall with a 504, in the platform error body, within the deadline', async () => {
    const reset = await get('/v1/products/reset');
    expect(reset.status).toBe(502);
    expect(JSON.parse(reset.text)).toMatchObject({ details: { applicationError: { code: 'UPSTREAM_UNREACHABLE' } } });
    expect(reset.verdict).toBe('not checked: the upstream is unreachable');
    const started = performance.now();
    const slow = await get('/v1/products/slow');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(slow.status).toBe(504);
    expect(JSON.parse(slow.text)).toMatchObject({
      details: { applicationError: { code: 'UPSTREAM_TIMEOUT', description: expect.stringContaining('500 ms') } },
    });
    expect(slow.headers.get('x-wix-request-id')).toBeTruthy();
    const report = (await (await fetch(`${proxy.url}/__mock/violations`)).json()) as any;
    expect(report.byOperation.getProduct.gatewayErrors).toBe(2);
  });

  it('logs one line per violation with the request id and operation', () => {
    expect(logged).toContainEqual(expect.stringMatching(/^contract upstream-\d+ getProduct 418: answer status 418 is not a status/));
    expect(logged).toContainEqual(expect.stringMatching(/^504 \S+ getProduct GET \/v1\/products\/slow: no answer within 500 ms/));
    expect(logged.filter((line) => line.includes('listRecommendationAlgorithms 200: answer'))).toHaveLength(50);
  });

  it('an unreachable upstream is a 502', async () => {
    const closed = await startMock({
      port: 0,
      mode: 'proxy',
      proxy: { upstream: 'http://127.0.0.1:9', upstreamTimeoutMs: 1000, recordDir: undefined },
      log: () => undefined,
    });
    try {
      const response = await fetch(`${closed.url}/v1/products/${PRODUCT_ID}`, { headers: { authorization: API_KEY } });
      expect(response.status).toBe(502);
      expect(((await response.json()) as any).details.applicationError.description).toMatch(/ECONNREFUSED/);
    } finally {
      await closed.close();
    }
  });

  it('records kept answers as a redacted fixture the stateful mode replays', async () => {
    expect((await get('/v1/products/no-such-product')).verdict).toBe('ok');
    const fixture = JSON.parse(readFileSync(join(recordDir, 'recorded.json'), 'utf8'));
    const recorded = fixture.records.products.find((product: { id: string }) => product.id === PRODUCT_ID);
    expect(recorded.description).toBe('<p>Questions? Write to redacted-1@example.com</p>');
    expect(JSON.stringify(fixture)).not.toContain('jane.doe@shop.test');
    // Answers that broke the contract are not replayed.
    expect(Object.keys(fixture.examples.getProduct)).toEqual(['200', '404']);
    expect(Object.keys(fixture.examples.getProduct['404'])).toEqual(['recorded-1']);
    expect(fixture.examples.listRecommendationAlgorithms).toBeUndefined();

    const replay = await startMock({ port: 0, fixturesDir: recordDir, log: () => undefined });
    try {
      const headers = { authorization: API_KEY, 'x-mock-session': 'replay', 'content-type': 'application/json' };
      const seeded = await fetch(`${replay.url}/__mock/seed`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ session: 'replay', fixture: 'recorded' }),
      });
      expect(seeded.status).toBe(200);
      const product = await fetch(`${replay.url}/v1/products/${PRODUCT_ID}`, { headers });
      expect(product.status).toBe(200);
      const body = (await product.json()) as any;
      expect(body.product).toMatchObject({ id: PRODUCT_ID, name: PRODUCT.product.name, description: recorded.description });
      const named = await fetch(`${replay.url}/v1/products/${PRODUCT_ID}`, {
        headers: { ...headers, prefer: 'code=404, example=recorded-1' },
      });
      expect(named.status).toBe(404);
      expect(((await named.json()) as any).details.applicationError.code).toBe('NOT_FOUND');
    } finally {
      await replay.close();
    }
  });
});

// Every curl of docs/qa-mock-command.md, run as written against this file's proxy (port 4020 there) and a
// stateful mock serving its recording (port 4010 there); where the page shows the answer, the status and the
// verdict header must be what it shows.
describe('the QA page', () => {
  const page = readFileSync(new URL('../../docs/qa-mock-command.md', import.meta.url), 'utf8');
  const blocks = [...page.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((match) => ({ kind: match[1], text: match[2] ?? '' }));
  const examples = blocks.flatMap((block, index) => {
    if (block.kind !== 'sh') return [];
    const shown = blocks[index + 1]?.kind === 'text' ? blocks[index + 1]?.text : undefined;
    const curls = block.text.split('\n').filter((line) => line.startsWith('curl '));
    return curls.map((command, at) => ({ command, shown: at === curls.length - 1 ? shown : undefined }));
  });

  it('shows curl examples for the mock, the proxy and the replay', () => {
    expect(examples.filter((example) => example.command.includes(':4020')).length).toBeGreaterThanOrEqual(2);
    expect(examples.filter((example) => example.command.includes(':4010')).length).toBeGreaterThanOrEqual(4);
  });

  it('runs each as written with the status and verdict it shows', async () => {
    // Asynchronously: the servers answering curl run in this very process.
    const run = async (command: string, urls: Record<string, string>) => {
      let line = command;
      for (const [from, to] of Object.entries(urls)) line = line.replaceAll(from, to);
      return (await promisify(execFile)('bash', ['-c', line], { encoding: 'utf8', timeout: 10_000 })).stdout;
    };
    const check = (output: string, shown: string | undefined) => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(shown ?? '')?.[1];
      if (status) expect(output.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      for (const verdict of (shown ?? '').split('\n').filter((line) => line.startsWith('x-mock-contract:'))) {
        expect(output.toLowerCase()).toContain(verdict.toLowerCase());
      }
      if (!status) expect(() => JSON.parse(output)).not.toThrow();
    };
    const replay = await startMock({ port: 0, fixturesDir: recordDir, log: () => undefined });
    try {
      for (const { command, shown } of examples) {
        const output = await run(command, { 'http://127.0.0.1:4020': proxy.url, 'http://127.0.0.1:4010': replay.url });
        check(output, shown);
      }
    } finally {
      await replay.close();
    }
  });
});
