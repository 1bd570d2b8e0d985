import { describe, expect, it } from 'vitest';
import { validateRequest } from '../../../mock/pipeline/stages/request-validation';
import { asBundledDocument, findOperation } from '../../../spec-model/document';
import { declaredStatuses } from '../../../spec-model/responses';
import { documents, errorOf, parsed } from './parts';

const violationsOf = (result: unknown): { field: string; violatedRule: string; description: string; data?: unknown }[] =>
  errorOf(result as never).details.validationError.fieldViolations;

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

  it('refuses `Prefer: code=N` for a status the operation does not declare, naming the header and the declared statuses', () => {
    const operation = findOperation('commerce', asBundledDocument(documents.commerce), 'getCurrentCart');
    if (!operation) throw new Error('getCurrentCart is not in the document');
    const declared = declaredStatuses(operation);
    expect(declared).toEqual(expect.arrayContaining([200, 404]));
    const result = validateRequest(parsed('GET', '/v1/carts/current', { authorization: 'k', prefer: 'code=418' }));
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
    const admitted = validateRequest(parsed('GET', '/v1/carts/current', { authorization: 'k', prefer: 'code=404' }));
    if ('status' in admitted) throw new Error(`answered ${admitted.status}`);
    expect(admitted.preferences).toEqual({ code: 404 });
    const none = validateRequest(parsed('GET', '/v1/carts/current', { authorization: 'k' }));
    if ('status' in none) throw new Error(`answered ${none.status}`);
    expect(none.preferences).toEqual({});
  });
});
