import { describe, expect, it } from 'vitest';
import { asBundledDocument, listOperations, type Operation } from '../../spec-model/document';
import { invalidatedReads, isIdentityScoped } from '../../spec-model/invalidation';
import type { JsonObject } from '../../spec-model/json';
import { loadOperations } from '../../spec-model/load';

// What a write changes and which reads belong to the caller: the reads of the write's tag by default, its
// x-invalidates list when it gives one, x-identity-scoped on reads; a wrong name stops the generator.
const commerce = loadOperations('commerce');
const platform = loadOperations('platform');
const named = (operations: readonly Operation[], id: string): Operation => {
  const found = operations.find((operation) => operation.operationId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const familyOf = (paths: JsonObject): Operation[] =>
  listOperations('commerce', asBundledDocument({ openapi: '3.1.0', paths, components: {} }));

describe('invalidation from the spec', () => {
  it('a write invalidates the reads of its tag: adding to the cart, the cart and its estimated totals', () => {
    expect(invalidatedReads(named(commerce, 'addToCurrentCart'), commerce)).toEqual(['estimateCurrentCartTotals', 'getCurrentCart']);
    expect(invalidatedReads(named(platform, 'updateProduct'), platform)).toContain('queryProducts');
  });

  it('x-invalidates replaces the default: an order from a checkout refreshes the cart it deletes and the orders', () => {
    expect(invalidatedReads(named(commerce, 'createOrderFromCheckout'), commerce)).toEqual(
      expect.arrayContaining(['getCurrentCart', 'estimateCurrentCartTotals', 'getOrder', 'searchOrders', 'getCheckout']),
    );
    expect(invalidatedReads(named(platform, 'generateFileUploadUrl'), platform)).toEqual([]);
  });

  it('reads invalidate nothing; only the reads that belong to the caller are identity-scoped', () => {
    expect(invalidatedReads(named(commerce, 'getCurrentCart'), commerce)).toBeUndefined();
    expect(isIdentityScoped(named(commerce, 'getCurrentCart'))).toBe(true);
    expect(isIdentityScoped(named(platform, 'getMyMember'))).toBe(true);
    expect(isIdentityScoped(named(platform, 'queryProducts'))).toBe(false);
  });

  it('refuses a list naming a write or an unknown operation, and the extensions where they do not belong', () => {
    const family = familyOf({
      '/v1/things': {
        get: { operationId: 'listThings', tags: ['Things'], responses: ok },
        post: { operationId: 'createThing', tags: ['Things'], 'x-invalidates': ['deleteThing'], responses: ok },
        delete: { operationId: 'deleteThing', tags: ['Things'], 'x-invalidates': ['getWidget'], 'x-identity-scoped': true, responses: ok },
        put: { operationId: 'replaceThing', tags: ['Things'], 'x-invalidates': 'listThings', responses: ok },
      },
      '/v1/widgets': { get: { operationId: 'getWidget', tags: ['Widgets'], 'x-invalidates': [], responses: ok } },
    });
    expect(() => invalidatedReads(named(family, 'createThing'), family)).toThrow(
      /createThing: x-invalidates names deleteThing, which is a write/,
    );
    expect(() => invalidatedReads(named(family, 'deleteThing'), family)).not.toThrow();
    expect(() => invalidatedReads(named(family, 'replaceThing'), family)).toThrow(/replaceThing: x-invalidates must be a list/);
    expect(() => invalidatedReads(named(family, 'getWidget'), family)).toThrow(/getWidget: x-invalidates belongs on writes/);
    expect(() => isIdentityScoped(named(family, 'deleteThing'))).toThrow(/deleteThing: x-identity-scoped belongs on reads/);
    const unknown = familyOf({
      '/v1/things': { post: { operationId: 'createThing', tags: ['Things'], 'x-invalidates': ['nope'], responses: ok } },
    });
    expect(() => invalidatedReads(named(unknown, 'createThing'), unknown)).toThrow(
      /x-invalidates names "nope", no operation of the family/,
    );
  });
});
