import { describe, expect, it } from 'vitest';
import { readTarget, splitTarget } from '../../../mock/pipeline/stages/target';
import type { Trace } from '../../../mock/pipeline/types';
import { REQUEST_ID_HEADER } from '../../../src/protocol';
import { answered, errorOf, mockRequest, passed, REQUEST_ID } from './parts';

describe('target stage', () => {
  it('splits path and query, upper-cases the method and keeps the raw request', () => {
    const request = mockRequest('get', '/v1/products/a%20b?fieldSet=FULL&x=1&x=2');
    const trace: Trace = {};
    const result = passed(readTarget(request, trace));
    expect(result).toMatchObject({ raw: request, method: 'GET', path: '/v1/products/a%20b' });
    expect(result.search.getAll('x')).toEqual(['1', '2']);
    expect(trace.path).toBe('/v1/products/a%20b');
  });

  it('reads `//` as a path, not as a host, and an absolute URL as its path and query', () => {
    expect(splitTarget('//evil.test/v1/carts/current')?.path).toBe('//evil.test/v1/carts/current');
    const absolute = splitTarget('http://proxy.test:8080/v1/carts/current?a=1');
    expect(absolute?.path).toBe('/v1/carts/current');
    expect(absolute?.search.get('a')).toBe('1');
  });

  it('reads a malformed query escape without throwing: left as it is, or replaced when it is no UTF-8', () => {
    expect(splitTarget('/v1/x?q=%zz&r=%')?.search.get('q')).toBe('%zz');
    expect(splitTarget('/v1/x?q=%ff')?.search.get('q')).toBe('\ufffd');
  });

  it('answers a target that is no path with a 400 INVALID_ARGUMENT carrying the request id', () => {
    const result = answered(readTarget(mockRequest('GET', 'not a path')));
    expect(result.status).toBe(400);
    expect(result.headers[REQUEST_ID_HEADER]).toBe(REQUEST_ID);
    expect(errorOf(result).details.applicationError).toMatchObject({
      code: 'INVALID_ARGUMENT',
      description: 'The request target "not a path" is not a path',
    });
  });
});
