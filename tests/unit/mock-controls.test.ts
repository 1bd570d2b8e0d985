import { describe, expect, it } from 'vitest';
import { createStatefulEngine } from '../../mock/engine/engine';
import { createMockWebhooks } from '../../mock/events/mock-webhooks';
import { readDocuments } from '../../mock/node/read-documents';
import { readFixtures } from '../../mock/node/read-fixtures';
import { SERVICES } from '../../mock/services/index';
import { declaredCodes } from '../../spec-model/declared-codes';
import { asBundledDocument, findOperation } from '../../spec-model/document';
import { declaredStatuses } from '../../spec-model/responses';
import { API_KEY } from '../support/mock-credentials';

// The /__mock/ controls of the stateful engine (webhook controls included), without a server: a bad input is
// the platform's 400 naming each field once with the rule it breaks, and a forced failure keeps to what its
// operation declares.
const documents = readDocuments();
const webhooks = createMockWebhooks({ documents, log: () => undefined, fetch: async () => new Response('ok') });
const engine = createStatefulEngine({
  documents,
  fixtures: readFixtures(),
  services: SERVICES,
  publicUrl: () => 'http://mock.test',
  controls: webhooks.controls,
});

interface Violation {
  readonly field: string;
  readonly description: string;
  readonly violatedRule: string;
  readonly ruleName: string;
}

const call = async (method: string, target: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await engine.handle({
    method,
    target,
    headers: { 'content-type': 'application/json', ...headers },
    body: new TextEncoder().encode(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)),
    requestId: 'control-test',
  });
  const text = typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body);
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, any>) : undefined };
};

/** The one violation of a 400, and the message naming its field once. */
const refused = async (method: string, target: string, body?: unknown, headers?: Record<string, string>) => {
  const answer = await call(method, target, body, headers);
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.headers['x-wix-request-id']).toBe('control-test');
  const violations = answer.body?.details.validationError.fieldViolations as Violation[];
  expect(violations).toHaveLength(1);
  const [violation] = violations as [Violation];
  expect(violation.ruleName).toBe(violation.violatedRule);
  expect(answer.body?.message).toBe(`INVALID_ARGUMENT: "${violation.field}" ${violation.description}`);
  return violation;
};

const operation = (family: 'commerce' | 'platform', operationId: string) => {
  const found = findOperation(family, asBundledDocument(documents[family]), operationId);
  if (!found) throw new Error(`${operationId} is not in the ${family} document`);
  return found;
};

describe('control inputs', () => {
  it.each([
    ['PUT', '/__mock/scenarios/getCurrentCart', { failure: { status: 200 } }, 'failure.status', 'MIN', 'must be >= 400'],
    ['PUT', '/__mock/scenarios/getCurrentCart', { failure: {} }, 'failure.status', 'REQUIRED_FIELD', 'is required'],
    ['PUT', '/__mock/scenarios/getCurrentCart', { failure: { status: 503, code: 'lower' } }, 'failure.code', 'FORMAT', undefined],
    ['PUT', '/__mock/scenarios/getCurrentCart', { failure: 'boom' }, 'failure', 'FORMAT', 'must be object'],
    ['PUT', '/__mock/scenarios/getCurrentCart', { latencyMs: 70_000 }, 'latencyMs', 'MAX', 'must be <= 60000'],
    ['PUT', '/__mock/scenarios/getCurrentCart', { latencyMs: 'slow' }, 'latencyMs', 'FORMAT', 'must be integer'],
    ['PUT', '/__mock/scenarios/getCurrentCart', {}, 'body', 'REQUIRED_ONE_OF_FIELD', 'needs latencyMs or failure'],
    ['PUT', '/__mock/scenarios/getCurrentCart', '{"latencyMs":', 'body', 'FORMAT', undefined],
    ['PUT', '/__mock/scenarios/getCurrentCart', [1], 'body', 'FORMAT', 'must be object'],
    ['PUT', '/__mock/scenarios/noSuchOperation', { latencyMs: 1 }, 'operationId', 'INVALID_ENUM_VALUE', undefined],
    ['POST', '/__mock/reset', { session: 'no spaces' }, 'session', 'FORMAT', undefined],
    ['POST', '/__mock/seed', {}, 'fixture', 'REQUIRED_FIELD', 'is required'],
    ['POST', '/__mock/seed', { fixture: 'nope' }, 'fixture', 'INVALID_ENUM_VALUE', undefined],
    ['GET', '/__mock/requests?limit=0', undefined, 'limit', 'MIN', 'must be >= 1'],
    ['GET', '/__mock/events?limit=many', undefined, 'limit', 'FORMAT', 'must be integer'],
    ['POST', '/__mock/webhooks', {}, 'url', 'REQUIRED_FIELD', 'is required'],
    ['POST', '/__mock/webhooks', { url: 'ftp://example.com/hook' }, 'url', 'FORMAT', 'must be an absolute http(s) URL'],
    ['POST', '/__mock/webhooks', { url: 'http://127.0.0.1:9/x', eventTypes: [] }, 'eventTypes', 'MIN_SIZE', undefined],
    ['POST', '/__mock/webhooks', { url: 'http://127.0.0.1:9/x', session: 'no spaces' }, 'session', 'FORMAT', undefined],
    ['GET', '/__mock/webhooks?session=no%20spaces', undefined, 'session', 'FORMAT', undefined],
  ])('%s %s %j: %s breaks %s', async (method, target, body, field, rule, description) => {
    const violation = await refused(method, target, body);
    expect(violation).toMatchObject({ field, violatedRule: rule });
    if (description) expect(violation.description).toBe(description);
    expect(violation.description).not.toContain(field === 'body' ? '"body"' : field);
  });

  it('refuses a malformed x-mock-session header on any control, naming the header', async () => {
    expect(await refused('GET', '/__mock/state', undefined, { 'x-mock-session': 'no spaces' })).toMatchObject({
      field: 'x-mock-session',
      violatedRule: 'FORMAT',
    });
  });
});

describe('forced failures keep to what the operation declares', () => {
  it('refuses a status the operation does not declare, listing the error statuses it does', async () => {
    const statuses = declaredStatuses(operation('commerce', 'getCurrentCart')).filter((status) => status >= 400);
    expect(statuses).not.toContain(409);
    const violation = await refused('PUT', '/__mock/scenarios/getCurrentCart', { session: 'forced', failure: { status: 409 } });
    expect(violation).toEqual({
      field: 'failure.status',
      description: `409 is not a status getCurrentCart declares; it declares ${statuses.join(', ')}`,
      violatedRule: 'INVALID_ENUM_VALUE',
      ruleName: 'INVALID_ENUM_VALUE',
      data: {},
    });
  });

  it('refuses a code the operation does not declare for the status, listing the ones it does', async () => {
    const codes = declaredCodes(operation('commerce', 'getCurrentCart'), 404);
    expect(codes).toEqual(['OWNED_CART_NOT_FOUND']);
    const violation = await refused('PUT', '/__mock/scenarios/getCurrentCart', {
      session: 'forced',
      failure: { status: 404, code: 'NOT_FOUND' },
    });
    expect(violation).toMatchObject({
      field: 'failure.code',
      description: 'NOT_FOUND is not a code getCurrentCart declares for 404; it declares OWNED_CART_NOT_FOUND',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  });

  it('gives a failure without a code the first code declared for its status, and answers with it', async () => {
    const [first] = declaredCodes(operation('commerce', 'getCurrentCart'), 503) ?? [];
    expect(first).toBeDefined();
    const set = await call('PUT', '/__mock/scenarios/getCurrentCart', { session: 'forced', failure: { status: 503, times: 1 } });
    expect(set.status).toBe(200);
    expect(set.body?.scenario.failure).toEqual({ status: 503, code: first, times: 1 });
    const failed = await call('GET', '/v1/carts/current', undefined, { authorization: API_KEY, 'x-mock-session': 'forced' });
    expect(failed.status).toBe(503);
    expect(failed.body?.details.applicationError.code).toBe(first);
  });

  it('keeps a declared status and code as given', async () => {
    const set = await call('PUT', '/__mock/scenarios/getCurrentCart', {
      session: 'forced',
      failure: { status: 404, code: 'OWNED_CART_NOT_FOUND', times: 1 },
    });
    expect(set.status).toBe(200);
    const failed = await call('GET', '/v1/carts/current', undefined, { authorization: API_KEY, 'x-mock-session': 'forced' });
    expect(failed.status).toBe(404);
    expect(failed.body?.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND');
  });
});
