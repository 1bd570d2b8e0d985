import { describe, expect, it } from 'vitest';
import { judgeAnswer } from '../../scripts/harness/contract-judge';
import { buildCases, CREATED, type FuzzCase, listReads } from '../../scripts/harness/fuzz-requests';
import { type BundledDocument, listOperations } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';
import { resolveSchema } from '../../spec-model/schemas';

// The fuzz's cases reach the classes of answers clients reach (missing bodies, either-or rules, one identity on
// another's entity, an entity used after its deletion), and its judge reads the contract as declared (the codes
// through spec-model's declaredCodes).
const units = buildCases(20_000, 9);
const cases = units.flatMap((unit) => unit.steps);
const withMutation = (name: string): FuzzCase[] => cases.filter((c) => c.mutations.includes(name));

describe('the fuzz cases', () => {
  it('are as many requests as asked for, and the same for the same seed', () => {
    expect(cases).toHaveLength(20_000);
    expect(buildCases(500, 9).flatMap((unit) => unit.steps)).toEqual(cases.slice(0, 500));
    expect(buildCases(500, 8).flatMap((unit) => unit.steps)).not.toEqual(cases.slice(0, 500));
  });

  it('send bodies that are missing, empty or null', () => {
    const posts = (name: string) => withMutation(name).filter((c) => c.method === 'POST' && c.mutations.length === 1);
    expect(posts('no-body').length).toBeGreaterThan(0);
    expect(posts('no-body').every((c) => c.body === undefined)).toBe(true);
    expect(posts('empty-body').every((c) => c.body === '')).toBe(true);
    expect(posts('null-body').every((c) => c.body === 'null')).toBe(true);
  });

  it('break either-or rules both ways: both branches, or neither', () => {
    // Cases whose last mutation broke the rule, so the body sent shows it.
    const sentAsJson = (c: FuzzCase) => {
      try {
        return typeof JSON.parse(c.body ?? '') === 'object';
      } catch {
        return false;
      }
    };
    const redirect = withMutation('either-or').filter(
      (c) => c.operationId === 'createRedirectSession' && /^(both|neither)$/.test(c.mutations.at(-1) ?? '') && sentAsJson(c),
    );
    // The names the branches of createRedirectSession's oneOf each require, read from the spec.
    const platform = loadDocument('platform');
    const request = resolveSchema(platform, { $ref: '#/components/schemas/CreateRedirectSessionRequest' });
    const BRANCHES = (request?.oneOf as { required?: string[] }[] | undefined)?.flatMap((branch) => branch.required ?? []) ?? [];
    expect(BRANCHES.length).toBeGreaterThan(5);
    const keys = (c: FuzzCase) => Object.keys(JSON.parse(c.body ?? '{}') ?? {}).filter((key) => BRANCHES.includes(key));
    const neither = redirect.filter((c) => c.mutations.includes('neither'));
    const both = redirect.filter((c) => c.mutations.includes('both'));
    expect(neither.length).toBeGreaterThan(0);
    expect(both.length).toBeGreaterThan(0);
    for (const c of neither) expect(keys(c), c.body).toEqual([]);
    for (const c of both) expect(keys(c).length, c.body).toBeGreaterThan(1);
  });

  it('send values at and past the bounds the schemas state, to writes of both families, then read every list as each identity', () => {
    const writes = (name: string) => withMutation(name).filter((c) => c.method !== 'GET');
    expect(writes('at-bound').length).toBeGreaterThan(cases.length / 50);
    expect(writes('past-bound').length).toBeGreaterThan(cases.length / 50);
    // A display name just past the 255 characters a file keeps is among them.
    const names = writes('past-bound').filter(
      (c) => c.mutations.includes('displayName') || c.mutations.some((m) => m.endsWith('.displayName')),
    );
    expect(names.length).toBeGreaterThan(0);
    const reads = listReads();
    expect(new Set(reads.map((c) => c.identity))).toEqual(new Set(['merchant', 'visitor', 'member']));
    for (const operationId of ['listFiles', 'queryReviews', 'searchOrders']) expect(reads.map((c) => c.operationId)).toContain(operationId);
  });

  it('hold flows: made by one identity and used by the others, or used again after its deletion', () => {
    const flows = units.filter((unit) => unit.steps.length > 1 && unit.steps.length <= 5);
    expect(flows.length).toBeGreaterThan(units.length / 20);
    for (const flow of flows.slice(0, 200)) {
      const [create, ...rest] = flow.steps as [FuzzCase, ...FuzzCase[]];
      expect(create.mutations[0]).toMatch(/^create as (visitor|merchant)$/);
      expect(create.target).not.toContain(CREATED);
      for (const step of rest) expect(step.target).toContain(CREATED);
    }
    const labels = new Set(flows.flatMap((flow) => flow.steps.slice(1).map((step) => step.mutations[0])));
    for (const label of [
      "visitor's, as otherVisitor",
      "visitor's, as member",
      "visitor's, as merchant",
      "merchant's, as visitor",
      'after delete',
    ]) {
      expect(labels, label).toContain(label);
    }
    const deleted = flows.filter((flow) => flow.steps[1]?.mutations[0]?.startsWith('delete as'));
    expect(deleted.length).toBeGreaterThan(0);
    for (const flow of deleted) expect(flow.steps.slice(2).every((step) => step.mutations[0] === 'after delete')).toBe(true);
  });

  it('are sent as the run asks: the merchant by default, a visitor with identity visitor', () => {
    const single = (list: typeof units) => list.filter((unit) => unit.steps.length === 1).map((unit) => unit.steps[0] as FuzzCase);
    const identities = (list: FuzzCase[]) => new Set(list.filter((c) => !c.mutations.includes('no-auth')).map((c) => c.identity));
    expect(identities(single(units.slice(0, 2000)))).toEqual(new Set(['merchant']));
    expect(identities(single(buildCases(2000, 7, { identity: 'visitor' })))).toEqual(new Set(['visitor']));
  });
});

const errorSchema = (codes: string[]) => ({
  allOf: [
    { $ref: '#/components/schemas/ErrorResponse' },
    {
      type: 'object',
      properties: {
        details: { type: 'object', properties: { applicationError: { type: 'object', properties: { code: { enum: codes } } } } },
      },
    },
  ],
});
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const document = {
  paths: {
    '/v1/things/{id}': {
      get: {
        operationId: 'getThing',
        responses: {
          '200': json({ type: 'object' }),
          '400': json({ $ref: '#/components/schemas/ErrorResponse' }),
          '404': { $ref: '#/components/responses/ThingNotFound' },
          '500': json(errorSchema(['INTERNAL'])),
        },
      },
    },
  },
  components: {
    schemas: { ErrorResponse: { type: 'object', properties: { message: { type: 'string' }, details: { type: 'object' } } } },
    responses: { ThingNotFound: json(errorSchema(['THING_NOT_FOUND', 'THING_GONE'])) },
  },
} as unknown as BundledDocument;
const [getThing] = listOperations('commerce', document);
const failure = (code: string) => JSON.stringify({ message: code, details: { applicationError: { code, description: code } } });

describe('the contract judge', () => {
  it('keeps declared answers and names what breaks the contract', () => {
    if (!getThing) throw new Error('no operation');
    expect(judgeAnswer(getThing, 200, '{}')).toEqual({ kind: 'kept' });
    expect(judgeAnswer(getThing, 404, failure('THING_GONE'))).toEqual({ kind: 'kept' });
    expect(judgeAnswer(getThing, 404, failure('NOT_FOUND'))).toEqual({
      kind: 'undeclared-code',
      code: 'NOT_FOUND',
      declared: ['THING_GONE', 'THING_NOT_FOUND'],
    });
    expect(judgeAnswer(getThing, 400, failure('INVALID_ARGUMENT'))).toMatchObject({ kind: 'undeclared-code', declared: [] });
    const validation = JSON.stringify({
      message: 'x',
      details: { validationError: { fieldViolations: [{ field: 'id', description: 'bad' }] } },
    });
    expect(judgeAnswer(getThing, 400, validation)).toEqual({ kind: 'kept' });
    expect(judgeAnswer(getThing, 403, failure('PERMISSION_DENIED'))).toEqual({ kind: 'undeclared-status', code: 'PERMISSION_DENIED' });
    expect(judgeAnswer(getThing, 500, failure('INTERNAL'))).toEqual({ kind: 'server-error', code: 'INTERNAL' });
  });
});
