import { describe, expect, it } from 'vitest';
import { asBundledDocument, FAMILIES, jsonContent, listOperations, METHODS } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import { loadDocument } from '../../spec-model/load';
import { dereference, resolvePointer } from '../../spec-model/pointer';
import { declaredResponse } from '../../spec-model/responses';

// The one operation model: every method, parameters merged by name and location, references followed by their
// full pointers (through chains), examples resolved, responses by status, range and default, security.
const ref = (pointer: string): JsonObject => ({ $ref: pointer });
const document: JsonObject = {
  openapi: '3.1.0',
  security: [{ apiKey: [] }],
  paths: {
    '/v1/things/{id}': {
      parameters: [
        ref('#/components/parameters/Id'),
        { name: 'view', in: 'query', schema: { type: 'string' } },
        { name: 'view', in: 'header', schema: { type: 'string' } },
      ],
      ...Object.fromEntries(
        METHODS.map((method) => [method.toLowerCase(), { operationId: `${method.toLowerCase()}Thing`, responses: {} }]),
      ),
      get: {
        operationId: 'getThing',
        'x-fallback': { operationId: 'postThing' },
        'x-deviation': 'kept',
        parameters: [{ name: 'view', in: 'query', required: true, schema: { type: 'string', enum: ['FULL'] } }],
        responses: {
          '200': ref('#/components/responses/Thing'),
          '4XX': { description: 'a client error', content: { 'application/json': { schema: { type: 'object' } } } },
          default: { description: 'anything else' },
        },
      },
      post: {
        operationId: 'postThing',
        security: [{}],
        requestBody: ref('#/components/requestBodies/Thing'),
        responses: {},
      },
    },
  },
  components: {
    securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
    parameters: { Id: ref('#/components/parameters/Alias'), Alias: { name: 'id', in: 'path', schema: { type: 'string' } } },
    requestBodies: { Thing: { required: true, content: { 'application/json': { schema: ref('#/components/schemas/a~1b~0c') } } } },
    responses: {
      Thing: {
        description: 'a thing',
        content: {
          'application/json': {
            schema: ref('#/components/schemas/a~1b~0c'),
            examples: { lamp: ref('#/components/examples/Lamp'), inline: { value: { id: 'x' } } },
          },
        },
      },
    },
    examples: { Lamp: ref('#/components/examples/LampValue'), LampValue: { summary: 'a lamp', value: { id: 'lamp' } } },
    schemas: { 'a/b~c': { type: 'object', properties: { id: { type: 'string' } } } },
  },
};
const operations = listOperations('commerce', asBundledDocument(document));
const byId = (id: string) => operations.find((operation) => operation.operationId === id);

describe('the spec reader', () => {
  it('reads every HTTP method of a path item', () => {
    expect(operations.map((operation) => operation.method)).toEqual(['GET', 'PUT', 'POST', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']);
  });

  it('merges path-level and operation-level parameters by name and location, the operation winning', () => {
    const get = byId('getThing');
    expect(get?.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ['path', 'id', true],
      ['query', 'view', true],
      ['header', 'view', false],
    ]);
    expect(get?.parameters[1]?.schema).toEqual({ type: 'string', enum: ['FULL'] });
    expect(byId('putThing')?.parameters.map((p) => [p.in, p.name, p.required])).toEqual([
      ['path', 'id', true],
      ['query', 'view', false],
      ['header', 'view', false],
    ]);
  });

  it('follows full JSON pointers, unescaped, through chains of references', () => {
    expect(resolvePointer(document, '#/components/schemas/a~1b~0c')).toEqual({ type: 'object', properties: { id: { type: 'string' } } });
    expect(dereference(document, ref('#/components/parameters/Id'))).toEqual({ name: 'id', in: 'path', schema: { type: 'string' } });
    expect(() => dereference(document, ref('#/components/schemas/missing'))).toThrow('unresolved reference #/components/schemas/missing');
  });

  it('reads the request body with its required flag, and security with its credential locations', () => {
    const post = byId('postThing');
    expect(post?.requestBody?.required).toBe(true);
    expect(jsonContent(post?.requestBody)?.schema).toEqual(ref('#/components/schemas/a~1b~0c'));
    expect(post?.security).toEqual([]);
    expect(byId('getThing')?.security).toEqual([[{ scheme: 'apiKey', in: 'header', name: 'x-api-key' }]]);
  });

  it('reads responses by status, range and default, with named examples resolved', () => {
    const get = byId('getThing');
    if (!get) throw new Error('no getThing');
    expect(jsonContent(get.responses['200'])?.examples).toEqual({
      lamp: { summary: 'a lamp', value: { id: 'lamp' } },
      inline: { value: { id: 'x' } },
    });
    expect(declaredResponse(get, 200)?.key).toBe('200');
    expect(declaredResponse(get, 404)?.key).toBe('4XX');
    expect(declaredResponse(get, 503)?.key).toBe('default');
    expect(get['x-fallback']).toEqual({ operationId: 'postThing' });
    expect(get['x-deviation']).toBe('kept');
  });

  it('gives every named example of the bundles a value, those kept in components/examples included', () => {
    let examples = 0;
    for (const family of FAMILIES) {
      for (const operation of listOperations(family, loadDocument(family))) {
        for (const response of Object.values(operation.responses)) {
          for (const example of Object.values(jsonContent(response)?.examples ?? {})) {
            expect(example.value, operation.operationId).toBeDefined();
            examples += 1;
          }
        }
      }
    }
    expect(examples).toBeGreaterThan(34);
  });
});
