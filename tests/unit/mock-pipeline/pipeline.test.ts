import { describe, expect, it } from 'vitest';
import { ExampleAnswers } from '../../../mock/engine/example-answers';
import { assemblePipeline } from '../../../mock/pipeline/assemble';
import { answerWith } from '../../../mock/pipeline/stage-result';
import type { HandlerResult, OperationHandler } from '../../../mock/pipeline/stages/handler';
import type { IdentityStage } from '../../../mock/pipeline/stages/identity';
import { createPagesStage } from '../../../mock/pipeline/stages/pages';
import type { MockResponse, Trace, ValidatedRequest } from '../../../mock/pipeline/types';
import { ResponseValidator } from '../../../mock/validation/response-validator';
import { SchemaCompilers } from '../../../mock/validation/schema-compilers';
import { REQUEST_ID_HEADER } from '../../../src/protocol';
import { documents, errorOf, mockRequest, REQUEST_ID } from './parts';

// The stages composed: their order (credentials and identity before the body is read, the body before
// validation), the request id on every answer, the 500 of a failure, and the check of every handler answer.
const cart = (new ExampleAnswers(documents).answer('getCurrentCart', {}) as { body: unknown }).body;

const build = (answer: (request: ValidatedRequest) => Promise<HandlerResult>, identify?: IdentityStage) => {
  const compilers = new SchemaCompilers();
  const lines: string[] = [];
  const handled: string[] = [];
  const accepted: unknown[] = [];
  const handler: OperationHandler = {
    handle: (request) => {
      handled.push(request.operation.operationId);
      return answer(request);
    },
    accepted: (result) => {
      accepted.push(result.effects);
    },
  };
  const pipeline = assemblePipeline({
    documents,
    compilers,
    responses: new ResponseValidator(compilers, documents),
    pages: createPagesStage({ mode: 'testing', controls: async () => undefined }),
    ...(identify && { identify }),
    handler,
    log: (line) => lines.push(line),
  });
  return { pipeline, lines, handled, accepted };
};

const send = (
  pipeline: ReturnType<typeof build>['pipeline'],
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
  trace?: Trace,
) => pipeline(mockRequest(method, target, headers, body), trace);

const withCart = async (): Promise<HandlerResult> => ({ kind: 'answer', status: 200, body: cart, effects: 'events' });

describe('the pipeline', () => {
  it("answers a request the whole way through with the handler's checked answer", async () => {
    const { pipeline, handled, accepted } = build(withCart);
    const trace: Trace = {};
    const response = await send(pipeline, 'GET', '/v1/carts/current', { authorization: 'k' }, '', trace);
    expect(response.status).toBe(200);
    expect(JSON.parse(String(response.body))).toEqual(cart);
    expect(response.headers).toMatchObject({ 'content-type': 'application/json', [REQUEST_ID_HEADER]: REQUEST_ID });
    expect(handled).toEqual(['getCurrentCart']);
    expect(accepted).toEqual(['events']);
    expect(trace).toEqual({ path: '/v1/carts/current', operationId: 'getCurrentCart' });
  });

  it('puts the request id on every answer, from the target stage to the identity stage', async () => {
    const refuseAll: IdentityStage = async (request) =>
      answerWith({ status: 403, headers: {}, body: `no ${request.operation.operationId}` });
    const { pipeline, handled } = build(withCart, refuseAll);
    const answers: MockResponse[] = [
      await send(pipeline, 'GET', 'no-path'),
      await send(pipeline, 'GET', '/__mock/none'),
      await send(pipeline, 'GET', '/v1/none'),
      await send(pipeline, 'PUT', '/v1/carts/current'),
      await send(pipeline, 'GET', '/v1/carts/current'),
      await send(pipeline, 'GET', '/v1/carts/current', { authorization: 'k' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 404, 404, 405, 401, 403]);
    for (const answer of answers) expect(answer.headers[REQUEST_ID_HEADER]).toBe(REQUEST_ID);
    expect(handled).toEqual([]);
  });

  it('checks credentials, then identity, before the body is read: a bad body of a refused caller is a 401 or 403', async () => {
    const refuseAll: IdentityStage = async () => answerWith({ status: 403, headers: {}, body: '' });
    const { pipeline } = build(withCart, refuseAll);
    const junk = { 'content-type': 'text/plain' };
    expect((await send(pipeline, 'POST', '/v1/carts/current/add-to-cart', junk, '{{{')).status).toBe(401);
    expect((await send(pipeline, 'POST', '/v1/carts/current/add-to-cart', { ...junk, authorization: 'k' }, '{{{')).status).toBe(403);
  });

  it('reads the body before it validates it: 415 for another type, 400 for malformed JSON, then field violations', async () => {
    const { pipeline, handled } = build(withCart);
    const auth = { authorization: 'k' };
    expect(
      (await send(pipeline, 'POST', '/v1/carts/current/add-to-cart', { ...auth, 'content-type': 'text/plain' }, '{"lineItems":"x"}'))
        .status,
    ).toBe(415);
    expect(
      errorOf(await send(pipeline, 'POST', '/v1/carts/current/add-to-cart', auth, '{"lineItems":')).details.applicationError.code,
    ).toBe('INVALID_ARGUMENT');
    expect(
      errorOf(await send(pipeline, 'POST', '/v1/carts/current/add-to-cart', auth, '{"lineItems":"x"}')).details.validationError
        .fieldViolations[0].field,
    ).toBe('lineItems');
    expect(handled).toEqual([]);
  });

  it('answers a HEAD as the GET of the same path', async () => {
    const handled: string[] = [];
    const { pipeline } = build(async (request) => {
      handled.push(request.method);
      return withCart();
    });
    expect((await send(pipeline, 'HEAD', '/v1/carts/current', { authorization: 'k' })).status).toBe(200);
    expect(handled).toEqual(['HEAD']);
  });

  it('answers a failure inside the handler with a 500 naming the operation, logged with the request id', async () => {
    const { pipeline, lines } = build(async () => {
      throw new Error('the handler broke');
    });
    const response = await send(pipeline, 'GET', '/v1/carts/current', { authorization: 'k' });
    expect(response.status).toBe(500);
    expect(response.headers[REQUEST_ID_HEADER]).toBe(REQUEST_ID);
    expect(errorOf(response).details.applicationError).toMatchObject({ code: 'INTERNAL', data: { operationId: 'getCurrentCart' } });
    expect(lines[0]).toMatch(
      new RegExp(`^500 ${REQUEST_ID.replace(/\./g, '\\.')} getCurrentCart GET /v1/carts/current: Error: the handler broke`),
    );
  });

  it("checks every handler answer: a broken one is the mock's 500, and what the call did is not made visible", async () => {
    const { pipeline, lines, accepted } = build(async () => ({
      kind: 'answer',
      status: 200,
      body: { cart: { id: 42, createdDate: '2026-03-01T10:00:00.000Z', updatedDate: '2026-03-01T10:00:00.000Z' } },
      effects: 'events',
    }));
    const response = await send(pipeline, 'GET', '/v1/carts/current', { authorization: 'k' });
    expect(response.status).toBe(500);
    expect(errorOf(response).details.applicationError.description).toMatch(
      /getCurrentCart contract \(status 200\): "cart\.id" must be string/,
    );
    expect(lines).toHaveLength(1);
    expect(accepted).toEqual([]);
  });

  it("sends the mock's own responses from the handler as they are, unchecked", async () => {
    const { pipeline, lines } = build(async () => ({ status: 503, headers: { 'retry-after': '1' }, body: 'forced' }));
    const response = await send(pipeline, 'GET', '/v1/carts/current', { authorization: 'k' });
    expect(response).toEqual({ status: 503, headers: { 'retry-after': '1', [REQUEST_ID_HEADER]: REQUEST_ID }, body: 'forced' });
    expect(lines).toEqual([]);
  });
});
