import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeMock } from '../../mock/compose-mock';
import { DEFAULT_API_KEY } from '../../mock/engine/identity';
import { STATEFUL, type StatefulMock } from '../../mock/modes/stateful';
import { readDocuments } from '../../mock/node/read-documents';
import { readFixtures } from '../../mock/node/read-fixtures';
import type { MockRequest, MockResponse } from '../../mock/pipeline/types';
import { SERVICES } from '../../mock/services/index';
import { judgeAnswer } from '../../scripts/harness/contract-judge';
import { SchemaArbitraries } from '../../scripts/harness/schema-arbitrary';
import { type BundledDocument, FAMILIES, listOperations, type Operation } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';
import { type GeneratedRequest, mutationsOf, requestArbitrary, targetOf } from '../support/request-arbitrary';

// Property-based, over every operation of both families, against the stateful mock in this process (the engine
// through the composition root, no server): a request built from the operation's own schemas, sent by any
// identity, is accepted or refused with a status the operation declares and, for an application error, a code it
// declares for that status, and never for a required field the spec does not require; the same request with one
// field broken (wrong type, required field left out, out of bounds, a value outside its enumeration, a bad
// format), sent by an identity the operation admits, is a 400 whose violations name that field. Fixed seed
// (fast-check prints it with the counterexample on failure), a bounded number of runs per operation, each
// operation in a session of its own.
const SEED = 20261201;
const RUNS = 20;
const FIXTURE_MEMBER = '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182';
type Caller = 'merchant' | 'visitor' | 'member' | 'anonymous';

const operations: { operation: Operation; doc: BundledDocument; arbitraries: SchemaArbitraries }[] = FAMILIES.flatMap((family) => {
  const doc = loadDocument(family);
  const arbitraries = new SchemaArbitraries(doc);
  return listOperations(family, doc).map((operation) => ({ operation, doc, arbitraries }));
});

let mock: StatefulMock;
let sequence = 0;
const tokens: Partial<Record<Caller, string>> = {};

const send = (method: string, target: string, headers: Record<string, string>, body?: string): Promise<MockResponse> => {
  sequence += 1;
  const request: MockRequest = {
    method,
    target,
    headers,
    body: new TextEncoder().encode(body ?? ''),
    requestId: `1700000000.000.property-${sequence}`,
  };
  return mock.handle(request);
};

const token = async (body: object, headers: Record<string, string> = {}): Promise<string> => {
  const answer = await send('POST', '/oauth2/token', { 'content-type': 'application/json', ...headers }, JSON.stringify(body));
  if (answer.status !== 200) throw new Error(`token: ${answer.status} ${String(answer.body)}`);
  return (JSON.parse(String(answer.body)) as { access_token: string }).access_token;
};

beforeAll(async () => {
  mock = composeMock({
    documents: readDocuments(),
    mode: STATEFUL,
    parts: { services: SERVICES, fixtures: readFixtures() },
    publicUrl: () => 'http://mock.test',
    log: () => undefined,
  });
  tokens.merchant = DEFAULT_API_KEY;
  tokens.visitor = await token({ grantType: 'anonymous', clientId: '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f' });
  tokens.member = await token({ grant_type: 'authorized_client', member_id: FIXTURE_MEMBER }, { authorization: DEFAULT_API_KEY });
});
afterAll(async () => {
  await mock?.close();
});

const call = (operation: Operation, request: GeneratedRequest, caller: Caller): Promise<MockResponse> => {
  const authorization = tokens[caller];
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-mock-session': `property-${operation.operationId}`,
    ...(authorization && { authorization }),
  };
  const sendsBody = request.body !== undefined && operation.method !== 'GET' && operation.method !== 'DELETE';
  return send(operation.method, targetOf(operation, request), headers, sendsBody ? JSON.stringify(request.body) : undefined);
};

/** The identity the operation's role gate lets through, so a request reaches validation. */
const admitted = (operation: Operation): Caller => {
  const access = SERVICES.operations[operation.operationId]?.access;
  return access === 'member' ? 'member' : access === 'shopper' ? 'visitor' : 'merchant';
};

const text = (response: MockResponse): string =>
  typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body);

interface Violation {
  readonly field: string;
  readonly violatedRule?: string;
  readonly description: string;
}

const violationsOf = (response: MockResponse): Violation[] => {
  if (response.status !== 400) return [];
  const body = JSON.parse(text(response)) as { details?: { validationError?: { fieldViolations?: Violation[] } } };
  return body.details?.validationError?.fieldViolations ?? [];
};

describe('property: every operation keeps its contract for requests built from its schemas', () => {
  it.each(operations.map((entry) => [entry.operation.operationId, entry] as const))('%s', async (_, { operation, arbitraries }) => {
    await fc.assert(
      fc.asyncProperty(
        requestArbitrary(arbitraries, operation),
        fc.constantFrom<Caller>('merchant', 'visitor', 'member', 'anonymous'),
        async (request, caller) => {
          const response = await call(operation, request, caller);
          const verdict = judgeAnswer(operation, response.status, text(response));
          expect(verdict, `${response.status} ${text(response).slice(0, 300)}`).toEqual({ kind: 'kept' });
          // The spec says every field the mock requires: a request valid by it lacks none.
          const required = violationsOf(response).filter((violation) => violation.violatedRule === 'REQUIRED_FIELD');
          expect(required, 'fields the mock requires and the spec does not').toEqual([]);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});

const brokenRuns = new Map<string, number>();

describe('property: one broken field is a 400 naming that field', () => {
  const mutable = operations.filter(({ operation }) => operation.requestBody || operation.parameters.some((p) => p.in === 'query'));
  it.each(mutable.map((entry) => [entry.operation.operationId, entry] as const))('%s', async (_, { operation, doc, arbitraries }) => {
    const broken = requestArbitrary(arbitraries, operation).chain((request) => {
      const mutations = mutationsOf(doc, operation, request);
      return mutations.length === 0 ? fc.constant(undefined) : fc.constantFrom(...mutations).map((mutation) => ({ request, mutation }));
    });
    await fc.assert(
      fc.asyncProperty(broken, async (pair) => {
        // A request with nothing to break (only optional fields left out): nothing to check this run.
        if (!pair) return;
        const { request, mutation } = pair;
        brokenRuns.set(operation.operationId, (brokenRuns.get(operation.operationId) ?? 0) + 1);
        const response = await call(operation, mutation.apply(request), admitted(operation));
        const fields = violationsOf(response).map((violation) => violation.field);
        expect(
          { status: response.status, named: fields.includes(mutation.field) },
          `${mutation.kind} ${mutation.field}: ${text(response).slice(0, 300)}`,
        ).toEqual({ status: 400, named: true });
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});

describe('the broken-field property', () => {
  it('broke a field of most operations with a body or query (it does check something)', () => {
    const withInput = operations.filter(({ operation }) => operation.requestBody || operation.parameters.some((p) => p.in === 'query'));
    expect(brokenRuns.size).toBeGreaterThan(withInput.length * 0.8);
  });
});
