import { describe, expect, it } from 'vitest';
import type { StageResult } from '../../../mock/pipeline/stage-result';
import { validateRequest } from '../../../mock/pipeline/stages/request-validation';
import type { MockResponse } from '../../../mock/pipeline/types';
import { asBundledDocument, findOperation, listOperations } from '../../../spec-model/document';
import { exampleRequest, requestExampleNames } from '../../../spec-model/examples';
import { declaredStatuses } from '../../../spec-model/responses';
import { FAMILIES } from '../../../src/protocol';
import { answered, documents, errorOf, parsed, passed, validators } from './parts';

const violationsOf = (
  result: MockResponse | StageResult<unknown>,
): { field: string; violatedRule: string; description: string; data?: unknown }[] =>
  errorOf('kind' in result ? answered(result) : result).details.validationError.fieldViolations;

describe('request validation stage', () => {
  it('hands on the query coerced to its schema types, with path and body as they came', () => {
    const result = passed(validateRequest(parsed('GET', '/v1/products/p-1?includeMerchantSpecificData=true', { authorization: 'k' })));
    expect(result.query).toEqual({ includeMerchantSpecificData: true });
    expect(result.pathParams).toEqual({ id: 'p-1' });
    expect(result.operation.operationId).toBe('getProduct');
  });

  it('answers a request that breaks the contract with a 400 listing each field', () => {
    const result = answered(
      validateRequest(
        parsed('POST', '/v1/carts/current/add-to-cart', { authorization: 'k' }, '{"lineItems":[{"quantity":"two"}],"extra":1}'),
      ),
    );
    expect(result).toMatchObject({ status: 400 });
    const violations = errorOf(result).details.validationError.fieldViolations as { field: string }[];
    expect(violations.map((violation) => violation.field)).toContain('lineItems[0].quantity');
  });

  it('checks query parameters too', () => {
    const result = answered(validateRequest(parsed('GET', '/v1/products/p-1?includeMerchantSpecificData=maybe', { authorization: 'k' })));
    expect(errorOf(result).details.validationError.fieldViolations[0]).toMatchObject({ field: 'includeMerchantSpecificData' });
  });

  it('refuses `Prefer: code=N` for a status the operation does not declare, naming the header and the declared statuses', () => {
    const operation = findOperation('commerce', asBundledDocument(documents.commerce), 'getCurrentCart');
    if (!operation) throw new Error('getCurrentCart is not in the document');
    const declared = declaredStatuses(operation);
    expect(declared).toEqual(expect.arrayContaining([200, 404]));
    const result = answered(validateRequest(parsed('GET', '/v1/carts/current', { authorization: 'k', prefer: 'code=418' })));
    expect(result).toMatchObject({ status: 400 });
    expect(violationsOf(result)).toEqual([
      {
        field: 'Prefer',
        description: `code=418 is not a status getCurrentCart declares; it declares ${declared.join(', ')}`,
        violatedRule: 'INVALID_ENUM_VALUE',
        ruleName: 'INVALID_ENUM_VALUE',
        data: { declaredStatuses: declared },
      },
    ]);
  });

  it('refuses `Prefer: example=NAME` the chosen status has no example of, naming the ones it has', () => {
    const result = validateRequest(parsed('GET', '/v1/carts/current', { authorization: 'k', prefer: 'code=404, example=nope' }));
    expect(violationsOf(result)).toMatchObject([
      { field: 'Prefer', violatedRule: 'INVALID_ENUM_VALUE', data: { status: 404, declaredExamples: expect.any(Array) } },
    ]);
    expect(violationsOf(result)[0]?.description).toMatch(/^example=nope is not an example of getCurrentCart for status 404; it has \w/);
  });

  it("lists a bad `Prefer` with the request's other violations, and hands on the preferences it admits", () => {
    const both = validateRequest(
      parsed('POST', '/v1/carts/current/add-to-cart', { authorization: 'k', prefer: 'code=299' }, '{"lineItems":[{"quantity":"two"}]}'),
    );
    expect(violationsOf(both).map((violation) => violation.field)).toEqual(expect.arrayContaining(['lineItems[0].quantity', 'Prefer']));
    const malformed = validateRequest(parsed('GET', '/v1/carts/current', { authorization: 'k', prefer: 'code=4o4' }));
    expect(violationsOf(malformed)).toMatchObject([{ field: 'Prefer', violatedRule: 'FORMAT' }]);
    const admitted = passed(validateRequest(parsed('GET', '/v1/carts/current', { authorization: 'k', prefer: 'code=404' })));
    expect(admitted.preferences).toEqual({ code: 404 });
    const none = passed(validateRequest(parsed('GET', '/v1/carts/current', { authorization: 'k' })));
    expect(none.preferences).toEqual({});
  });
});

describe('request validation stage: missing bodies and the order of violations', () => {
  const answerOf = (method: string, target: string, body: string) => {
    const result = validateRequest(parsed(method, target, { authorization: 'k' }, body));
    if (result.kind === 'next') return [];
    expect(result.answer.status).toBe(400);
    return errorOf(result.answer).details.validationError.fieldViolations as {
      field: string;
      violatedRule: string;
      description: string;
      data?: unknown;
    }[];
  };

  it('answers a required body left out, or sent as blanks, with a REQUIRED_FIELD naming the body', () => {
    for (const body of ['', '  \n ']) {
      expect(answerOf('POST', '/v1/products/query-platformized', body)).toEqual([
        { field: 'body', description: 'is required', violatedRule: 'REQUIRED_FIELD', ruleName: 'REQUIRED_FIELD', data: {} },
      ]);
    }
    // The empty message itself is a valid query.
    expect(answerOf('POST', '/v1/products/query-platformized', '{}')).toEqual([]);
  });

  it('reads an optional body left out as its defaults', () => {
    expect(answerOf('POST', '/v1/carts/current/estimate-totals', '')).toEqual([]);
  });

  it('names the required fields of a body left out one by one', () => {
    expect(answerOf('POST', '/v1/checkouts', '').map((v) => `${v.field} ${v.violatedRule}`)).toEqual(['channelType REQUIRED_FIELD']);
  });

  it('names the alternatives when the body must have one of several fields', () => {
    expect(answerOf('POST', '/v1/carts/current/add-to-cart', '')).toEqual([
      expect.objectContaining({
        field: 'body',
        violatedRule: 'REQUIRED_FIELD',
        description: 'must have lineItems or customLineItems',
        data: { alternatives: [['lineItems'], ['customLineItems']] },
      }),
    ]);
    // Alternatives reached through $ref (one schema per grant) are told apart the same way.
    const [token] = answerOf('POST', '/oauth2/token', '{}');
    expect(token).toMatchObject({ field: 'body', violatedRule: 'REQUIRED_FIELD' });
    expect(token?.description).toContain('(clientId and grantType) or (refreshToken and grantType)');
  });

  it('lists every violation of a request in one answer, sorted by field (indexes by number), at most 50', () => {
    const few = answerOf(
      'POST',
      '/v1/carts/current/add-to-cart',
      JSON.stringify({
        lineItems: Array.from({ length: 11 }, (_, index) =>
          index === 10 || index === 2
            ? { quantity: 0 }
            : { quantity: 1, catalogReference: { catalogItemId: 'p', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' } },
        ),
      }),
    );
    expect(few.map((v) => `${v.field} ${v.violatedRule}`)).toEqual([
      'lineItems[2].catalogReference REQUIRED_FIELD',
      'lineItems[2].quantity MIN',
      'lineItems[10].catalogReference REQUIRED_FIELD',
      'lineItems[10].quantity MIN',
    ]);
    const many = answerOf(
      'POST',
      '/v1/carts/current/add-to-cart',
      JSON.stringify({ lineItems: Array.from({ length: 90 }, () => ({ quantity: 0 })) }),
    );
    expect(many).toHaveLength(50);
    expect(many.slice(0, 3).map((v) => v.field)).toEqual([
      'lineItems[0].catalogReference',
      'lineItems[0].quantity',
      'lineItems[1].catalogReference',
    ]);
    expect(many.at(-1)?.field).toBe('lineItems[24].quantity');
  });
});

describe('request validation stage: the strict setting', () => {
  const REFERENCE = { catalogItemId: '5376f9ec-b92e-efa9-e4a1-f4f480aa0d3a', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' };
  const typo = JSON.stringify({ lineItems: [{ quantity: 1, catalogReference: { ...REFERENCE, optionz: {} }, quantty: 2 }], note: 'x' });
  const refused = (result: ReturnType<typeof validateRequest>) =>
    result.kind === 'answer'
      ? (errorOf(result.answer).details.validationError.fieldViolations as { field: string; violatedRule: string }[])
          .filter((violation) => violation.violatedRule === 'FIELD_NOT_ALLOWED')
          .map((violation) => violation.field)
      : [];

  it('allows undeclared fields by default, as the platform does', () => {
    expect(validateRequest(parsed('POST', '/v1/carts/current/add-to-cart', { authorization: 'k' }, typo)).kind).toBe('next');
  });

  it('refuses each undeclared field by its path when the mock is strict, at any depth', () => {
    const result = validateRequest(parsed('POST', '/v1/carts/current/add-to-cart', { authorization: 'k' }, typo), { strict: true });
    expect(refused(result)).toEqual(['lineItems[0].catalogReference.optionz', 'lineItems[0].quantty', 'note']);
  });

  it('takes the request’s Prefer: handling=strict or handling=lenient over the mock’s setting', () => {
    const strict = parsed('POST', '/v1/carts/current/add-to-cart', { authorization: 'k', prefer: 'handling=strict' }, typo);
    expect(refused(validateRequest(strict))).toHaveLength(3);
    const lenient = parsed('POST', '/v1/carts/current/add-to-cart', { authorization: 'k', prefer: 'code=200, handling=lenient' }, typo);
    expect(validateRequest(lenient, { strict: true }).kind).toBe('next');
  });

  it('refuses undeclared query parameters and fields of an encoded message, and a field beside a oneOf branch', () => {
    const query = parsed('GET', '/v1/products/p-1?includeMerchantSpecificData=true&includeMerchantSpecificDta=true', {
      authorization: 'k',
    });
    expect(refused(validateRequest(query, { strict: true }))).toEqual(['includeMerchantSpecificDta']);
    const session = parsed(
      'POST',
      '/v1/redirect-session',
      { authorization: 'k' },
      JSON.stringify({
        ecomCheckout: { checkoutId: '4c8f2e1a-9b3d-4f7a-8e6c-1d2b3a4c5e6f', x: 1 },
        callbacks: { postFlowUrl: 'https://a.example', y: 2 },
      }),
    );
    const result = answered(validateRequest(session, { strict: true }));
    // The one intent sent chooses its branch: only the two undeclared fields are reported, not the oneOf.
    expect(errorOf(result).details.validationError.fieldViolations.map((v: { field: string }) => v.field)).toEqual([
      'callbacks.y',
      'ecomCheckout.x',
    ]);
  });

  it('accepts every named example request of both families in the strict setting', () => {
    let checked = 0;
    for (const family of FAMILIES) {
      const document = asBundledDocument(documents[family]);
      for (const operation of listOperations(family, document)) {
        for (const name of requestExampleNames(operation)) {
          const example = exampleRequest(operation, name);
          if (example.body === undefined) continue;
          const verdict = validators
            .get(family)
            ?.validate(
              operation.operationId,
              { pathParams: example.path, search: new URLSearchParams(), headers: {}, body: example.body },
              { strict: true },
            );
          const undeclared = verdict && !verdict.ok ? verdict.violations.filter((v) => v.violatedRule === 'FIELD_NOT_ALLOWED') : [];
          expect(undeclared, `${operation.operationId} ${name}`).toEqual([]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
