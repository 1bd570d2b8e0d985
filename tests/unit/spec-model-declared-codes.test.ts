import { describe, expect, it } from 'vitest';
import { declaredCodes, declaredCodesByStatus } from '../../spec-model/declared-codes';
import { asBundledDocument, listOperations } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import { loadOperations } from '../../spec-model/load';

// Codes as enumerations per response: the design's allOf pattern read back from the response declared for a
// status (exact, range, default), references followed; undefined when the response leaves the code open.
const ref = (pointer: string): JsonObject => ({ $ref: pointer });
const narrowing = (codes: string[]): JsonObject => ({
  type: 'object',
  properties: { details: { type: 'object', properties: { applicationError: { type: 'object', properties: { code: { enum: codes } } } } } },
});
const errorResponse = (schema: JsonObject): JsonObject => ({ description: 'an error', content: { 'application/json': { schema } } });
const document: JsonObject = {
  openapi: '3.1.0',
  paths: {
    '/v1/things/{id}': {
      get: {
        operationId: 'getThing',
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
          '404': ref('#/components/responses/ThingNotFound'),
          '428': errorResponse({ allOf: [ref('#/components/schemas/ErrorResponse'), ref('#/components/schemas/ThingStates')] }),
          '4XX': errorResponse({ allOf: [ref('#/components/schemas/ErrorResponse'), narrowing(['CLIENT_ERROR'])] }),
          default: errorResponse({ allOf: [ref('#/components/schemas/ErrorResponse'), narrowing(['INTERNAL', 'UNAVAILABLE'])] }),
        },
      },
      post: {
        operationId: 'postThing',
        responses: {
          '400': errorResponse({
            anyOf: [
              { allOf: [ref('#/components/schemas/ErrorResponse'), narrowing(['INVALID_ARGUMENT'])] },
              { allOf: [ref('#/components/schemas/ErrorResponse'), narrowing(['THING_TOO_BIG'])] },
            ],
          }),
          '409': errorResponse({ allOf: [narrowing(['A', 'B', 'C']), narrowing(['C', 'B'])] }),
          '422': errorResponse({ anyOf: [narrowing(['A']), ref('#/components/schemas/ErrorResponse')] }),
          '500': errorResponse(ref('#/components/schemas/ErrorResponse')),
          '503': { description: 'no content' },
        },
      },
    },
  },
  components: {
    responses: {
      ThingNotFound: errorResponse({ allOf: [ref('#/components/schemas/ErrorResponse'), narrowing(['THING_NOT_FOUND', 'NOT_FOUND'])] }),
    },
    schemas: {
      ErrorResponse: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          details: { type: 'object', properties: { applicationError: { type: 'object', properties: { code: { type: 'string' } } } } },
        },
      },
      ThingStates: { allOf: [ref('#/components/schemas/ThingState')] },
      ThingState: narrowing(['THING_IS_LOCKED']),
    },
  },
};
const operations = listOperations('commerce', asBundledDocument(document));
const operation = (id: string) =>
  operations.find((candidate) => candidate.operationId === id) ??
  (() => {
    throw new Error(id);
  })();

describe('declaredCodes', () => {
  it('reads the enumeration of the exact status, sorted, through response and schema references', () => {
    expect(declaredCodes(operation('getThing'), 404)).toEqual(['NOT_FOUND', 'THING_NOT_FOUND']);
    expect(declaredCodes(operation('getThing'), 428)).toEqual(['THING_IS_LOCKED']);
  });

  it('falls back to the range, then to default', () => {
    expect(declaredCodes(operation('getThing'), 409)).toEqual(['CLIENT_ERROR']);
    expect(declaredCodes(operation('getThing'), 503)).toEqual(['INTERNAL', 'UNAVAILABLE']);
  });

  it('widens over anyOf branches and narrows over allOf parts', () => {
    expect(declaredCodes(operation('postThing'), 400)).toEqual(['INVALID_ARGUMENT', 'THING_TOO_BIG']);
    expect(declaredCodes(operation('postThing'), 409)).toEqual(['B', 'C']);
  });

  it('is undefined when the response leaves the code open, has no schema, or is not declared', () => {
    expect(declaredCodes(operation('postThing'), 422)).toBeUndefined();
    expect(declaredCodes(operation('postThing'), 500)).toBeUndefined();
    expect(declaredCodes(operation('postThing'), 503)).toBeUndefined();
    expect(declaredCodes(operation('postThing'), 404)).toBeUndefined();
    expect(declaredCodes(operation('getThing'), 200)).toBeUndefined();
  });

  it('lists the codes by exact status', () => {
    expect([...declaredCodesByStatus(operation('postThing'))]).toEqual([
      [400, ['INVALID_ARGUMENT', 'THING_TOO_BIG']],
      [409, ['B', 'C']],
    ]);
  });

  it('reads the shared responses of the bundles', () => {
    const getOrder = loadOperations('commerce').find((candidate) => candidate.operationId === 'getOrder');
    if (!getOrder) throw new Error('no getOrder');
    expect(declaredCodes(getOrder, 401)).toEqual(['UNAUTHENTICATED']);
  });
});
