import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStatefulEngine } from '../../mock/engine/engine';
import { readDocuments } from '../../mock/node/read-documents';
import { readFixtures } from '../../mock/node/read-fixtures';
import type { MockRequest, MockResponse } from '../../mock/pipeline/types';
import { SERVICES } from '../../mock/services/index';
import { declaredCodes } from '../../spec-model/declared-codes';
import { type Family, listOperations, type Operation } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';
import { declaredResponse } from '../../spec-model/responses';
import { API_KEY } from '../support/mock-credentials';

// Every application-error code the stateful mock can emit, enumerated from where it is made, and each found
// declared by the operation that emits it at the status it is emitted with:
// - the services' refusals: every refuse() call is bounded by the declared-code types at compile time
//   (tests/unit/commerce-refusal-rejections.ts and platform-refusal-rejections.ts), each status and code written in a call is declared in its family, and
//   no other module of the mock makes an application error;
// - the pipeline's own failures, driven through the real pipeline for every operation: no credentials and an
//   unknown token (401), a role the operation refuses (403), a body of another media type (415), malformed
//   JSON (400 INVALID_ARGUMENT), and the 500 INTERNAL / 503 UNAVAILABLE every operation may answer.
const families: Family[] = ['commerce', 'platform'];
const operations: Operation[] = families.flatMap((family) => listOperations(family, loadDocument(family)));
const byId = new Map(operations.map((operation) => [operation.operationId, operation]));

/** Why an answer of this status and code breaks the operation's contract; empty when it keeps it. */
const undeclared = (operationId: string, status: number, code: string | undefined): string[] => {
  const operation = byId.get(operationId);
  if (!operation) return [`${operationId} is not an operation`];
  if (!declaredResponse(operation, status)) return [`${operationId} does not declare ${status}`];
  const codes = declaredCodes(operation, status);
  if (code === undefined) return [];
  if (!codes) return [`${operationId} enumerates no codes at ${status}`];
  return codes.includes(code) ? [] : [`${operationId} declares ${codes.join(', ')} at ${status}, not ${code}`];
};

const MOCK_DIR = new URL('../../mock/', import.meta.url).pathname;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

describe('the services refuse only with declared codes', () => {
  it.each(families)('%s: every status and code a service refuses with is one an operation of the family declares', (family) => {
    // The compiler holds each call to its operation (tests/unit/commerce-refusal-rejections.ts and platform-refusal-rejections.ts); this reads the calls
    // as written, so a code no operation of the family declares at that status is found even past a cast.
    const dir = join(MOCK_DIR, 'services', family);
    const refusals = sourceFiles(dir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\brefuse\(\s*[\w.()]+,\s*(\d{3}),\s*'([^']+)'/g)].map(([, status, code]) => ({
        status: Number(status),
        code: code as string,
      })),
    );
    expect(refusals.length).toBeGreaterThan(5);
    const familyOperations = operations.filter((operation) => operation.family === family);
    for (const { status, code } of refusals) {
      const declaring = familyOperations.filter((operation) => declaredCodes(operation, status)?.includes(code));
      expect(declaring.length, `${status} ${code}`).toBeGreaterThan(0);
    }
  });

  it('no module but the one refusal maker makes an application error', () => {
    const makers = sourceFiles(MOCK_DIR)
      .filter((file) => /new PlatformFailure\(/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(MOCK_DIR.length))
      .sort();
    expect(makers).toEqual(['services/refuse.ts']);
  });
});

const engine = createStatefulEngine({
  documents: readDocuments(),
  fixtures: readFixtures(),
  services: SERVICES,
  publicUrl: () => 'http://mock.test',
  log: () => undefined,
});
const ID = '00000000-0000-4000-8000-000000000000';

const send = async (operation: Operation, headers: Record<string, string>, body = ''): Promise<MockResponse> =>
  engine.handle({
    method: operation.method,
    target: operation.path.replace(/\{[^}]+\}/g, ID),
    headers: { 'x-mock-session': 'declared-codes', ...headers },
    body: new TextEncoder().encode(body),
    requestId: 'declared-codes',
  } satisfies MockRequest);

const codeOf = (response: MockResponse): string | undefined =>
  (JSON.parse(String(response.body)) as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code;

let visitorToken: string | undefined;
const visitor = async (): Promise<string> => {
  if (visitorToken) return visitorToken;
  const token = byId.get('token') as Operation;
  const response = await send(
    token,
    { 'content-type': 'application/json' },
    JSON.stringify({ clientId: '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f', grantType: 'anonymous' }),
  );
  visitorToken = (JSON.parse(String(response.body)) as { access_token: string }).access_token;
  return visitorToken;
};

describe('the pipeline fails only with declared statuses and codes, for every operation', () => {
  it.each(operations.map((operation) => [operation.operationId, operation] as const))('%s', async (operationId, operation) => {
    const access = SERVICES.operations[operationId]?.access;
    expect(access, 'an implementation in stateful mode').toBeDefined();
    const problems: string[] = [];
    const expectFailure = (what: string, response: MockResponse, status: number) => {
      if (response.status !== status) problems.push(`${what}: answered ${response.status}, not ${status}`);
      problems.push(...undeclared(operationId, response.status, codeOf(response)).map((problem) => `${what}: ${problem}`));
    };

    if (access !== 'anyone') {
      expectFailure('no credentials', await send(operation, {}), 401);
      expectFailure('an unknown token', await send(operation, { authorization: 'not-a-token-of-this-mock' }), 401);
    }
    if (access === 'member' || access === 'merchant')
      expectFailure('a visitor', await send(operation, { authorization: await visitor() }), 403);
    if (access === 'member') expectFailure('the merchant', await send(operation, { authorization: API_KEY }), 403);
    if (operation.requestBody) {
      const authorization: Record<string, string> =
        access === 'merchant' ? { authorization: API_KEY } : access === 'shopper' ? { authorization: await visitor() } : {};
      // A member-only body is judged after the role: these two run only where the caller gets that far.
      if (access !== 'member') {
        expectFailure('a text body', await send(operation, { ...authorization, 'content-type': 'text/plain' }, 'x'), 415);
        expectFailure('malformed JSON', await send(operation, { ...authorization, 'content-type': 'application/json' }, '{'), 400);
      }
    }
    // The mock's own failure and a forced one (a scenario, a store that cannot answer).
    problems.push(...undeclared(operationId, 500, 'INTERNAL'), ...undeclared(operationId, 503, 'UNAVAILABLE'));
    expect(problems).toEqual([]);
  });
});

describe('a forced failure without a code', () => {
  it('answers the generic code of its status that the operations declare (503 UNAVAILABLE, not SERVICE_UNAVAILABLE)', async () => {
    const session = 'declared-codes-forced';
    const control = await engine.handle({
      method: 'PUT',
      target: '/__mock/scenarios/getOrder',
      headers: { 'content-type': 'application/json' },
      body: new TextEncoder().encode(JSON.stringify({ session, failure: { status: 503, times: 1 } })),
      requestId: 'declared-codes',
    });
    expect(control.status).toBe(200);
    const getOrder = byId.get('getOrder') as Operation;
    const forced = await send(getOrder, { authorization: API_KEY, 'x-mock-session': session });
    expect({ status: forced.status, code: codeOf(forced) }).toEqual({ status: 503, code: 'UNAVAILABLE' });
    expect(undeclared('getOrder', 503, codeOf(forced))).toEqual([]);
  });
});
