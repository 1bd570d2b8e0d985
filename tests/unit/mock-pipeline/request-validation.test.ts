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
