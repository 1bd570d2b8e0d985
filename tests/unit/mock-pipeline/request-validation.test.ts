import { describe, expect, it } from 'vitest';
import { validateRequest } from '../../../mock/pipeline/stages/request-validation';
import { errorOf, parsed } from './parts';

describe('request validation stage', () => {
  it('hands on the query coerced to its schema types, with path and body as they came', () => {
    const result = validateRequest(parsed('GET', '/v1/products/p-1?includeMerchantSpecificData=true', { authorization: 'k' }));
    if ('status' in result) throw new Error(`answered ${result.status}: ${String(result.body)}`);
    expect(result.query).toEqual({ includeMerchantSpecificData: true });
    expect(result.pathParams).toEqual({ id: 'p-1' });
    expect(result.operation.operationId).toBe('getProduct');
  });

  it('answers a request that breaks the contract with a 400 listing each field', () => {
    const result = validateRequest(
      parsed('POST', '/v1/carts/current/add-to-cart', { authorization: 'k' }, '{"lineItems":[{"quantity":"two"}],"extra":1}'),
    );
    expect(result).toMatchObject({ status: 400 });
    const violations = errorOf(result as never).details.validationError.fieldViolations as { field: string }[];
    expect(violations.map((violation) => violation.field)).toContain('lineItems[0].quantity');
  });

  it('checks query parameters too', () => {
    const result = validateRequest(parsed('GET', '/v1/products/p-1?includeMerchantSpecificData=maybe', { authorization: 'k' }));
    expect(errorOf(result as never).details.validationError.fieldViolations[0]).toMatchObject({ field: 'includeMerchantSpecificData' });
  });
});

describe('request validation stage: missing bodies and the order of violations', () => {
  const violationsOf = (method: string, target: string, body: string) => {
    const result = validateRequest(parsed(method, target, { authorization: 'k' }, body));
    if (!('status' in result)) return [];
    expect(result.status).toBe(400);
    return errorOf(result).details.validationError.fieldViolations as {
      field: string;
      violatedRule: string;
      description: string;
      data?: unknown;
    }[];
  };

  it('answers a required body left out, or sent as blanks, with a REQUIRED_FIELD naming the body', () => {
    for (const body of ['', '  \n ']) {
      expect(violationsOf('POST', '/v1/products/query-platformized', body)).toEqual([
        { field: 'body', description: 'is required', violatedRule: 'REQUIRED_FIELD', ruleName: 'REQUIRED_FIELD' },
      ]);
    }
    // The empty message itself is a valid query.
    expect(violationsOf('POST', '/v1/products/query-platformized', '{}')).toEqual([]);
  });

  it('reads an optional body left out as its defaults', () => {
    expect(violationsOf('POST', '/v1/carts/current/estimate-totals', '')).toEqual([]);
  });

  it('names the required fields of a body left out one by one', () => {
    expect(violationsOf('POST', '/v1/checkouts', '').map((v) => `${v.field} ${v.violatedRule}`)).toEqual(['channelType REQUIRED_FIELD']);
  });

  it('names the alternatives when the body must have one of several fields', () => {
    expect(violationsOf('POST', '/v1/carts/current/add-to-cart', '')).toEqual([
      expect.objectContaining({
        field: 'body',
        violatedRule: 'REQUIRED_FIELD',
        description: 'must have lineItems or customLineItems',
        data: { alternatives: [['lineItems'], ['customLineItems']] },
      }),
    ]);
    // Alternatives reached through $ref (one schema per grant) are told apart the same way.
    const [token] = violationsOf('POST', '/oauth2/token', '{}');
    expect(token).toMatchObject({ field: 'body', violatedRule: 'REQUIRED_FIELD' });
    expect(token?.description).toContain('(clientId and grantType) or (refreshToken and grantType)');
  });

  it('lists every violation of a request in one answer, sorted by field (indexes by number), at most 50', () => {
    const few = violationsOf(
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
    const many = violationsOf(
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
