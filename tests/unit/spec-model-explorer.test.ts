import { describe, expect, it } from 'vitest';
import type { Operation } from '../../spec-model/document';
import { exampleRequest, requestExampleNames } from '../../spec-model/examples';
import { loadDocument, loadOperations } from '../../spec-model/load';
import { declaredResponse, declaredStatuses } from '../../spec-model/responses';
import { createFieldValidator } from '../../spec-model/validators';
import { decodeEnvelope } from '../../src/protocol';

// What the explorer reads through the shared spec reader: named examples, the `.r` message, declared answers
// and field violations in the platform's words.
const commerce = loadOperations('commerce');
const platform = loadOperations('platform');
const find = (operations: Operation[], id: string): Operation => {
  const found = operations.find((operation) => operation.operationId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe('the spec reader for the explorer', () => {
  it('lists the named examples of a request and picks one by name', () => {
    const add = find(commerce, 'addToCurrentCart');
    expect(requestExampleNames(add)).toEqual(['shirtAndCoffee', 'bookedClass', 'customItem']);
    const booked = exampleRequest(add, 'bookedClass').body as { lineItems: { serviceProperties?: unknown }[] };
    expect(booked.lineItems[0]?.serviceProperties).toBeDefined();
    expect(exampleRequest(add, 'no-such-name').body).toEqual(exampleRequest(add).body);
  });

  it('decodes the request message a .r example carries', () => {
    const query = find(platform, 'queryProductsViaGet');
    const encoded = exampleRequest(query).query['.r'] as string;
    expect(decodeEnvelope(encoded)).toEqual({
      query: { filter: { productType: 'physical' }, sort: [{ fieldName: 'price', order: 'ASC' }], paging: { limit: 50, offset: 0 } },
    });
  });

  it('finds the declared response of a status, or none', () => {
    const algorithms = find(platform, 'listRecommendationAlgorithms');
    expect(declaredStatuses(algorithms)).toEqual([200, 400, 401, 429, 500, 502, 503, 504]);
    expect(declaredResponse(algorithms, 200)?.json?.schema).toBeDefined();
    expect(declaredResponse(algorithms, 400)?.key).toBe('400');
    expect(declaredResponse(algorithms, 404)).toBeUndefined();
  });

  it('reports schema violations by field with the platform rule names', () => {
    const add = find(commerce, 'addToCurrentCart');
    const check = createFieldValidator(loadDocument('commerce'), 'request');
    const schema = add.requestBody?.content?.['application/json']?.schema;
    if (!schema) throw new Error('no body schema');
    expect(check(schema, exampleRequest(add).body)).toEqual([]);
    const violations = check(schema, { lineItems: [{ quantity: 'many' }] });
    expect(violations).toContainEqual(expect.objectContaining({ field: 'lineItems[0].quantity', violatedRule: 'FORMAT' }));
  });
});
