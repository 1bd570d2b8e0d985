import { describe, expect, it } from 'vitest';
import { readJsonBody } from '../../../mock/pipeline/stages/body';
import { answered, errorOf, passed, routed } from './parts';

const addToCart = (headers: Record<string, string>, body: string) =>
  readJsonBody(routed('POST', '/v1/carts/current/add-to-cart', headers, body));

describe('body stage', () => {
  it('parses a JSON body, with or without a content type, and hands on everything the route found', () => {
    const result = passed(addToCart({ 'content-type': 'application/json; charset=utf-8' }, '{"lineItems":[]}'));
    expect(result).toMatchObject({ body: { lineItems: [] }, family: 'commerce', pathParams: {} });
    expect(passed(addToCart({}, '[1]'))).toMatchObject({ body: [1] });
  });

  it('answers another content type with a 415 naming the operation', () => {
    const result = answered(addToCart({ 'content-type': 'text/plain' }, '{}'));
    expect(result).toMatchObject({ status: 415 });
    expect(errorOf(result).details.applicationError).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      description: 'addToCurrentCart takes application/json, not text/plain',
    });
  });

  it('answers malformed JSON, and JSON nested deeper than 64 levels, with a 400 INVALID_ARGUMENT', () => {
    expect(errorOf(answered(addToCart({}, '{"lineItems":'))).details.applicationError).toMatchObject({ code: 'INVALID_ARGUMENT' });
    const deep = answered(addToCart({}, `${'['.repeat(65)}${']'.repeat(65)}`));
    expect(errorOf(deep).details.applicationError.description).toBe('The request body nests deeper than 64 levels');
  });

  it('does not read a body the operation does not take, nor an empty one', () => {
    expect(passed(readJsonBody(routed('GET', '/v1/carts/current', { 'content-type': 'text/plain' }, 'not json')))).toMatchObject({
      body: undefined,
    });
    expect(passed(addToCart({ 'content-type': 'text/plain' }, ''))).toMatchObject({ body: undefined });
  });

  it('takes the +json relatives of JSON, and refuses look-alikes', () => {
    expect(passed(addToCart({ 'content-type': 'application/vnd.api+json' }, '{}'))).toMatchObject({ body: {} });
    expect(answered(addToCart({ 'content-type': 'application/jsonx' }, '{}'))).toMatchObject({ status: 415 });
  });
});
