import { describe, expect, it } from 'vitest';
import { decodePathParams } from '../../../mock/pipeline/stages/route';
import type { Trace } from '../../../mock/pipeline/types';
import { answered, errorOf, passed, route, targeted } from './parts';

describe('route stage', () => {
  it('routes to the operation with its family, contract, validator and decoded path parameters', () => {
    const result = passed(route(targeted('GET', '/v1/products/a%2Fb%20c'), {}));
    expect(result.family).toBe('platform');
    expect(result.operation.operationId).toBe('getProduct');
    expect(result.contract?.operationId).toBe('getProduct');
    expect(result.pathParams).toEqual({ id: 'a/b c' });
    expect(result.validator.contract('getProduct')).toBe(result.contract);
  });

  it('answers a path of no operation with a 404 and a path under other methods with a 405 and Allow', () => {
    const missing = answered(route(targeted('GET', '/v1/nothing-here'), {}));
    expect(missing).toMatchObject({ status: 404 });
    expect(errorOf(missing).details.applicationError).toMatchObject({
      code: 'NOT_FOUND',
      description: 'No operation of the API at GET /v1/nothing-here',
    });
    const wrongMethod = answered(route(targeted('PUT', '/v1/carts/current'), {}));
    expect(wrongMethod).toMatchObject({ status: 405, headers: { allow: 'GET, PATCH, DELETE' } });
    expect(errorOf(wrongMethod).details.applicationError.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers a method a literal path lacks with a 405 and the Allow of that path itself, not of its templated neighbour', () => {
    const options = answered(route(targeted('OPTIONS', '/v1/back-in-stock-notification-requests/query'), {}));
    expect(options).toMatchObject({ status: 405, headers: { allow: 'POST' } });
    expect(errorOf(options)).toMatchObject({
      details: {
        applicationError: {
          code: 'METHOD_NOT_ALLOWED',
          description: '/v1/back-in-stock-notification-requests/query does not take OPTIONS; it takes POST',
        },
      },
    });
    const trace: Trace = {};
    const patch = answered(route(targeted('PATCH', '/v1/orders/search'), trace));
    expect(patch).toMatchObject({ status: 405, headers: { allow: 'POST' } });
    expect(trace.operationId).toBeUndefined();
  });

  it('answers a malformed escape in a path parameter with a FORMAT violation, the operation already traced', () => {
    const trace: Trace = {};
    const result = answered(route(targeted('GET', '/v1/products/%ED%A0%80'), trace));
    expect(result).toMatchObject({ status: 400 });
    expect(errorOf(result).details.validationError.fieldViolations).toEqual([
      { field: 'id', description: 'is not valid percent-encoded UTF-8', violatedRule: 'FORMAT', ruleName: 'FORMAT', data: {} },
    ]);
    expect(trace.operationId).toBe('getProduct');
  });

  it('names every parameter that does not decode', () => {
    expect(decodePathParams({ a: '%ff', b: 'ok', c: '%' })).toEqual({ ok: false, names: ['a', 'c'] });
    expect(decodePathParams({ a: '%C3%A9' })).toEqual({ ok: true, params: { a: 'é' } });
  });
});
