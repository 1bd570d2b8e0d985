import { readFileSync } from 'node:fs';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { composeMock } from '../../../mock/compose-mock';
import { DEFAULT_LIMITS } from '../../../mock/limits';
import { MOCK_MODES } from '../../../mock/modes';
import { prismRecord } from '../../../mock/modes/prism';
import { STATEFUL } from '../../../mock/modes/stateful';
import { createMswMock } from '../../../mock/msw/msw-adapter';
import { readFixtures } from '../../../mock/node/read-fixtures';
import type { HandlerResult, OperationHandler } from '../../../mock/pipeline/stages/handler';
import { SERVICES } from '../../../mock/services/index';
import { REQUEST_ID_HEADER } from '../../../src/protocol';
import { documents, errorOf, mockRequest, REQUEST_ID } from './parts';

/** The package's version, which the health control reports (from the documents' info.version). */
const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

// The composition root: one build of each mode for both adapters. Static and dynamic answers go through the
// same answer check as the engine's.
const prismLike = (result: HandlerResult): OperationHandler => ({ handle: async () => result });

const staticMock = (result: HandlerResult) => {
  const lines: string[] = [];
  const mock = composeMock({
    documents,
    mode: prismRecord('static'),
    parts: { handler: prismLike(result) },
    publicUrl: () => 'http://mock.test',
    log: (line) => lines.push(line),
  });
  return { mock, lines };
};

const cartRead = mockRequest('GET', '/v1/carts/current', { authorization: 'any-token' });

describe('the composition root', () => {
  it('reports a static-mode answer that breaks the contract as a mock failure: logged with the request id, a 500 naming the field', async () => {
    const { mock, lines } = staticMock({
      kind: 'answer',
      status: 200,
      body: { cart: { id: 'not-a-uuid', createdDate: '2026-03-01T10:00:00.000Z', updatedDate: '2026-03-01T10:00:00.000Z' } },
      text: '{"cart":{"id":"not-a-uuid","createdDate":"2026-03-01T10:00:00.000Z","updatedDate":"2026-03-01T10:00:00.000Z"}}',
      generated: false,
    });
    const response = await mock.handle(cartRead);
    expect(response.status).toBe(500);
    expect(errorOf(response).details.applicationError).toMatchObject({ code: 'INTERNAL', data: { operationId: 'getCurrentCart' } });
    expect(errorOf(response).details.applicationError.description).toMatch(
      /the answer breaks the getCurrentCart contract \(status 200\): "cart\.id" must be a valid uuid/,
    );
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^500 ${REQUEST_ID.replace(/\./g, '\\.')} getCurrentCart: the answer breaks the getCurrentCart contract`),
      ),
    ]);
  });

  it('logs a generated (dynamic) answer that breaks the contract, and serves it', async () => {
    const { mock, lines } = staticMock({
      kind: 'answer',
      status: 200,
      body: { cart: { id: 'x' } },
      text: '{"cart":{"id":"x"}}',
      generated: true,
    });
    const response = await mock.handle(cartRead);
    expect(response).toMatchObject({ status: 200, body: '{"cart":{"id":"x"}}' });
    expect(lines).toEqual([expect.stringMatching(/^200 .* getCurrentCart: the answer breaks .* \(a generated answer, served as it is\)$/)]);
  });

  it('static mode: credentials are only looked for (no identities), and its one control is the health of the mode', async () => {
    const { mock, lines } = staticMock({ kind: 'refusal', status: 404, code: 'OWNED_CART_NOT_FOUND', description: 'no cart' });
    expect((await mock.handle(cartRead)).status).toBe(404);
    const health = await mock.handle(mockRequest('GET', '/__mock/health'));
    expect(JSON.parse(String(health.body))).toEqual({ mode: 'static', version: VERSION, families: ['commerce', 'platform'], sessions: [] });
    expect(health.headers[REQUEST_ID_HEADER]).toBe(REQUEST_ID);
    expect(errorOf(await mock.handle(mockRequest('POST', '/__mock/reset'))).details.applicationError.description).toBe(
      'No mock control at POST /__mock/reset in static mode',
    );
    expect(mock.engine).toBeUndefined();
    expect(lines).toEqual([]);
  });

  it('stateful mode: the engine with its webhook delivery, and the limits both adapters apply', async () => {
    const mock = composeMock({
      documents,
      mode: STATEFUL,
      parts: { services: SERVICES, fixtures: readFixtures() },
      publicUrl: () => 'http://mock.test',
      log: () => undefined,
      limits: { maxBodyBytes: 2048 },
    });
    expect(mock.limits).toEqual({ ...DEFAULT_LIMITS, maxBodyBytes: 2048 });
    const health = await mock.handle(mockRequest('GET', '/__mock/health'));
    expect(JSON.parse(String(health.body))).toMatchObject({ mode: 'stateful', version: VERSION });
    // The webhook controls are the engine's extra controls.
    expect((await mock.handle(mockRequest('GET', '/__mock/webhooks/violations'))).status).toBe(200);
    expect((await mock.handle(mockRequest('GET', '/v1/carts/current', { authorization: 'forged' }))).status).toBe(401);
    await mock.close();
  });

  it('names no mode: each is a record the registry (mock/modes.ts) names, which the server starts by its name', () => {
    const code = (file: string) =>
      readFileSync(new URL(`../../../mock/${file}`, import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const named = (text: string) => MOCK_MODES.filter((mode) => text.includes(`'${mode}'`));
    expect(MOCK_MODES).toEqual(['stateful', 'static', 'dynamic', 'proxy']);
    expect(named(code('compose-mock.ts'))).toEqual([]);
    // The server names its default, and nothing else.
    expect(named(code('start-mock.ts').replace("options.mode ?? 'stateful'", ''))).toEqual([]);
  });

  it('the MSW adapter bounds bodies with the same limit and answer as the Node one', async () => {
    const msw = createMswMock({ baseUrl: 'https://api.shop.test/base', documents, services: SERVICES, fixtures: readFixtures() });
    const big = 'x'.repeat(DEFAULT_LIMITS.maxBodyBytes + 1);
    const response = await getResponse(
      msw.handlers,
      new Request('https://api.shop.test/base/v1/carts/current/add-to-cart', { method: 'POST', body: big }),
    );
    expect(response?.status).toBe(413);
    expect(
      ((await (response as Response).json()) as { details: { applicationError: { description: string } } }).details.applicationError
        .description,
    ).toBe(`The request body is larger than the mock accepts (MOCK_MAX_BODY = ${DEFAULT_LIMITS.maxBodyBytes} bytes)`);
    const health = await getResponse(msw.handlers, new Request('https://api.shop.test/base/__mock/health'));
    expect(((await (health as Response).json()) as { mode: string }).mode).toBe('stateful');
  });
});
