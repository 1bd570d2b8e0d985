import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../mock/engine/fixtures';
import { readFixtures } from '../../mock/node/read-fixtures';
import type { Family } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';
import { schemaReference } from '../../spec-model/pointer';
import { createValidator } from '../../spec-model/validators';

// The seed data of the stateful mock is itself checked against the spec: every record of every fixture is a
// valid instance of its entity's schema, and the engine's own bookkeeping records have the keys it reads.
const ENTITY_SCHEMAS: Readonly<Record<string, { family: Family; schema: string }>> = {
  products: { family: 'platform', schema: 'Product' },
  storeCollections: { family: 'platform', schema: 'StoreCollection' },
  members: { family: 'platform', schema: 'Member' },
  reviews: { family: 'platform', schema: 'Review' },
  files: { family: 'platform', schema: 'FileDescriptor' },
  backInStockRequests: { family: 'commerce', schema: 'BackInStockNotificationRequest' },
  carts: { family: 'commerce', schema: 'Cart' },
  checkouts: { family: 'commerce', schema: 'Checkout' },
  orders: { family: 'commerce', schema: 'Order' },
  orderTransactions: { family: 'commerce', schema: 'OrderTransactions' },
};
/** The engine's own records and the fields each must have. */
const BOOKKEEPING: Readonly<Record<string, readonly string[]>> = {
  currentCarts: ['id', 'cartId'],
  memberLogins: ['id', 'memberId'],
  checkoutExtras: ['id'],
  paymentMethods: ['id', 'savedPaymentMethod'],
  memberRoles: ['id', 'role'],
  memberSubscriptions: ['id', 'plan', 'status'],
  memberBlocks: ['id', 'blockedMemberIds'],
  contactCustomFields: ['id', 'title'],
};

// Records are what answers carry: checked as the answer side of the wire sees them.
const validators = {
  commerce: createValidator(loadDocument('commerce'), 'response'),
  platform: createValidator(loadDocument('platform'), 'response'),
};
const fixtures = Object.entries(readFixtures()) as [string, Fixture][];

describe('mock fixtures', () => {
  it('has the default fixture every session starts from, and the empty one', () => {
    expect(fixtures.map(([name]) => name)).toEqual(expect.arrayContaining(['default', 'empty']));
  });

  describe.each(fixtures)('%s', (_name, fixture) => {
    it('names only collections the services use', () => {
      const known = new Set([...Object.keys(ENTITY_SCHEMAS), ...Object.keys(BOOKKEEPING)]);
      expect(Object.keys(fixture.records).filter((collection) => !known.has(collection))).toEqual([]);
    });

    it.each(Object.keys(ENTITY_SCHEMAS))('every record of %s is valid against its schema', (collection) => {
      const { family, schema } = ENTITY_SCHEMAS[collection] as { family: Family; schema: string };
      const errors = (fixture.records[collection] ?? []).flatMap((record, index) =>
        validators[family](schemaReference(schema), record).map((error) => `${collection}[${index}] ${error}`),
      );
      expect(errors).toEqual([]);
    });

    it('keys every record once, and the bookkeeping records have their fields', () => {
      for (const [collection, records] of Object.entries(fixture.records)) {
        const key = collection === 'orderTransactions' ? 'orderId' : 'id';
        const ids = records.map((record) => record[key]);
        expect(new Set(ids).size, collection).toBe(ids.length);
        for (const field of BOOKKEEPING[collection] ?? [])
          expect(
            records.every((record) => record[field] !== undefined),
            `${collection}.${field}`,
          ).toBe(true);
      }
    });

    it('has settings the computations can use', () => {
      const { settings } = fixture;
      expect(settings.currency).toMatch(/^[A-Z]{3}$/);
      expect(settings.taxRules.every((rule) => Number.isFinite(Number(rule.rate)) && Number(rule.rate) >= 0)).toBe(true);
      expect(settings.shippingOptions.every((option) => /^\d+(\.\d{2})$/.test(option.price))).toBe(true);
      expect(new Set(settings.coupons.map((coupon) => coupon.code)).size).toBe(settings.coupons.length);
      expect(settings.coupons.every((coupon) => (coupon.percentOff === undefined) !== (coupon.amountOff === undefined))).toBe(true);
    });
  });
});
