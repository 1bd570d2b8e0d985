// An answer that passed its check proves the record it wraps, so the event of the same call does not check the
// record again (mock/validation/frozen-verdicts.ts). Answers narrow their records with the fields they
// guarantee (`cart: { allOf: [Cart], required: [id, …] }`); the proof must survive that narrowing.
import { describe, expect, test } from 'vitest';
import { verdictsFor } from '../../mock/validation/frozen-verdicts';
import { responseDocumentId } from '../../mock/validation/response-validator';
import { asBundledDocument, FAMILIES, listOperations } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import { schemaComponentName } from '../../spec-model/pointer';
import { narrowedRecords, propertyComponents, resolveSchema } from '../../spec-model/schemas';
import { documents, responses } from './mock-pipeline/parts';

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
};

describe('the records an answer wraps', () => {
  test('a narrowed reference still names its component', () => {
    const commerce = asBundledDocument(documents.commerce);
    const schema = { $ref: '#/components/schemas/CartResponse' };
    expect(propertyComponents(commerce, schema)).toEqual(new Map([['cart', 'Cart']]));
  });

  test('every success answer that narrows a record through allOf names it', () => {
    let narrowed = 0;
    for (const family of FAMILIES) {
      const document = asBundledDocument(documents[family]);
      for (const operation of listOperations(family, document)) {
        const content = (operation.responses['200'] as JsonObject | undefined)?.content as JsonObject | undefined;
        const json = (content?.['application/json'] as JsonObject | undefined)?.schema as JsonObject | undefined;
        if (json === undefined) continue;
        const found = propertyComponents(document, json);
        const properties = (resolveSchema(document, json)?.properties ?? {}) as Record<string, JsonObject>;
        for (const [name, property] of Object.entries(properties)) {
          const parts = Array.isArray(property.allOf) ? (property.allOf as JsonObject[]) : [];
          const component = parts.map((part) => schemaComponentName(part)).find(Boolean);
          if (component === undefined) continue;
          narrowed += 1;
          expect(found.get(name), `${operation.operationId} ${name}`).toBe(component);
        }
      }
    }
    // Both families' answers narrow their entities with the fields they guarantee (`{ cart }`, `{ product }`...).
    expect(narrowed).toBeGreaterThan(40);
  });

  test("a passed add-to-cart answer proves its cart for the cart's event", () => {
    const example = (documents.commerce as unknown as { components: { examples: Record<string, { value: { cart: object } }> } }).components
      .examples.CurrentCartTwoItems;
    const body = deepFreeze(structuredClone(example?.value));
    expect(responses.check('addToCurrentCart', 200, body)).toBeUndefined();
    const proven = verdictsFor(documents).get(body?.cart as object);
    expect(proven?.has(`${responseDocumentId('commerce')}#/components/schemas/Cart`)).toBe(true);
  });

  test('a record the store proved is answered without a second check, but never without what the answer requires', () => {
    const cart = (
      documents.commerce as unknown as { components: { examples: Record<string, { value: { cart: Record<string, unknown> } }> } }
    ).components.examples.CurrentCartOneItem?.value.cart;
    const kept = deepFreeze(structuredClone(cart));
    const withoutId = deepFreeze({ ...structuredClone(cart), id: undefined });
    const unproven = deepFreeze({ ...structuredClone(cart), lineItems: 'not a list' });
    for (const record of [kept, withoutId]) responses.recordKept('commerce', 'Cart', record);
    expect(narrowedRecords(asBundledDocument(documents.commerce), { $ref: '#/components/schemas/CartResponse' }).get('cart')).toEqual({
      component: 'Cart',
      required: ['id', 'createdDate', 'updatedDate'],
    });
    expect(responses.check('addToCurrentCart', 200, { cart: kept })).toBeUndefined();
    // What the answer adds to the component is still checked: the id it guarantees.
    expect(responses.check('addToCurrentCart', 200, { cart: withoutId })?.violation.field).toBe('cart.id');
    // A record the store did not prove is checked whole.
    expect(responses.check('addToCurrentCart', 200, { cart: unproven })?.violation.field).toBe('cart.lineItems');
  });
});
