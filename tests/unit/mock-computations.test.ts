import { describe, expect, it } from 'vitest';
import { computeTotals, taxRuleFor } from '../../mock/computations/commerce-totals';
import { applyPatch } from '../../mock/computations/field-mask';
import { formatMoney, toAmount, toCents } from '../../mock/computations/money';
import { cursorPage, cursorQuery, offsetPage } from '../../mock/computations/paging';
import { matches, query, readFilter, readSort } from '../../mock/computations/query-language';
import { ValidationFailure } from '../../mock/engine/failure';
import type { SiteSettings } from '../../mock/engine/fixtures';

// The stateful mock's computations, alone: the query language, paging, field masks, money and totals.
const records = [
  { id: 'a', name: 'Linen Shirt', price: '45.00', tags: ['new', 'sale'], stock: { quantity: 3 } },
  { id: 'b', name: 'Linen Dress', price: '99.00', tags: ['new'], stock: { quantity: 0 } },
  { id: 'c', name: 'Mug', price: '16.00', tags: [], stock: { quantity: 12 } },
];

describe('query language', () => {
  it.each([
    [{ name: 'Mug' }, ['c']],
    [{ name: { $startsWith: 'linen' } }, ['a', 'b']],
    [{ price: { $gt: 40, $lt: 100 } }, ['a', 'b']],
    [{ 'stock.quantity': { $gte: 3 } }, ['a', 'c']],
    [{ id: { $in: ['a', 'c'] } }, ['a', 'c']],
    [{ id: { $nin: ['a'] } }, ['b', 'c']],
    [{ tags: { $hasSome: ['sale'] } }, ['a']],
    [{ tags: { $hasAll: ['new', 'sale'] } }, ['a']],
    [{ tags: { $isEmpty: true } }, ['c']],
    [{ $or: [{ id: 'a' }, { id: 'c' }] }, ['a', 'c']],
    [{ $not: { name: { $startsWith: 'Linen' } } }, ['c']],
    [{ missing: { $exists: false } }, ['a', 'b', 'c']],
  ])('%j matches %j', (filter, ids) => {
    expect(records.filter((record) => matches(record, filter)).map((record) => record.id)).toEqual(ids);
  });

  it('sorts by several fields, numbers as numbers, and reads the legacy JSON forms', () => {
    expect(query(records, undefined, [{ fieldName: 'price', order: 'DESC' }]).map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(readSort('[{"price": "asc"}]', 'sort')).toEqual([{ fieldName: 'price', order: 'ASC' }]);
    expect(readFilter('{"id": "a"}', 'filter')).toEqual({ id: 'a' });
  });

  it('refuses an operator it does not know, naming where', () => {
    expect(() => matches(records[0], { name: { $regex: '.*' } })).toThrow(ValidationFailure);
    expect(() => readFilter('{not json', 'query.filter')).toThrow(/query.filter/);
  });
});

describe('paging', () => {
  const items = Array.from({ length: 120 }, (_, i) => i);

  it('offset paging defaults to 50', () => {
    expect(offsetPage(items, undefined)).toMatchObject({ offset: 0, total: 120 });
    expect(offsetPage(items, undefined).items).toHaveLength(50);
    expect(offsetPage(items, { limit: 30, offset: 100 }).items).toEqual(items.slice(100, 120));
  });

  it('a cursor carries its query and offset, page after page, to the end', () => {
    const seen: number[] = [];
    let at = cursorQuery({ filter: { kind: 'x' }, cursorPaging: { limit: 40 } });
    for (;;) {
      const page = cursorPage(items, at);
      seen.push(...page.items);
      if (!page.cursors.next) break;
      at = cursorQuery({ cursorPaging: { limit: 40, cursor: page.cursors.next } });
      expect(at.filter).toEqual({ kind: 'x' });
    }
    expect(seen).toEqual(items);
    expect(() => cursorQuery({ cursorPaging: { cursor: 'forged' } })).toThrow(ValidationFailure);
  });
});

describe('field masks and money', () => {
  it('applies only the masked paths, removing those the patch leaves out', () => {
    const entity = { buyerNote: 'old', contactInfo: { address: { city: 'A' }, name: 'N' }, keep: 1 };
    expect(applyPatch(entity, { buyerNote: 'new', contactInfo: { address: { city: 'B' } } }, 'buyerNote,contactInfo.address')).toEqual({
      buyerNote: 'new',
      contactInfo: { address: { city: 'B' }, name: 'N' },
      keep: 1,
    });
    expect(applyPatch(entity, {}, ['buyerNote'])).toEqual({ contactInfo: entity.contactInfo, keep: 1 });
  });

  it('never writes through a prototype key: a mask naming one is a 400 on the mask field, a patch key stays data', () => {
    const entity = { buyerNote: 'old' };
    const refused = (mask: string, field?: string) => {
      try {
        applyPatch(entity, JSON.parse('{"__proto__":{"polluted":true}}'), mask, field);
      } catch (error) {
        return (error as ValidationFailure).violations;
      }
      throw new Error(`${mask} was accepted`);
    };
    expect(refused('__proto__.polluted')).toEqual([
      expect.objectContaining({ field: 'fieldMask', violatedRule: 'FORMAT', description: expect.stringContaining('"__proto__"') }),
    ]);
    expect(refused('buyerNote,constructor.prototype', 'cartFieldmask')).toEqual([expect.objectContaining({ field: 'cartFieldmask' })]);
    expect(refused('prototype')).toHaveLength(1);
    expect(refused('buyerNote..x')).toHaveLength(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // Without a mask, a `__proto__` key of the request (JSON.parse makes it an own key) is merged as data.
    const merged = applyPatch(entity, JSON.parse('{"__proto__":{"polluted":true},"buyerNote":"new"}'), undefined);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(merged, '__proto__')?.value).toEqual({ polluted: true });
    expect(merged.buyerNote).toBe('new');
    // A masked path reads only the patch's own fields: an inherited one is no value.
    const masked = applyPatch({ buyerNote: 'x', toString: 'kept as data' }, {}, 'toString,hasOwnProperty');
    expect(Object.keys(masked)).toEqual(['buyerNote']);
  });

  it('keeps amounts in cents', () => {
    expect(toCents('0.10') + toCents('0.20')).toBe(30);
    expect(toAmount(11410)).toBe('114.10');
    expect(formatMoney(-550, 'USD')).toBe('-$5.50');
    expect(formatMoney(550, 'XYZ')).toBe('5.50 XYZ');
  });

  it('writes amounts as toFixed(2) does, for whole and fractional cents', () => {
    for (const cents of [0, -0, 5, -5, 99, 100, 101, -101, 12345, 999999999, 0.5, -0.5, 1234.4]) {
      expect(toAmount(cents)).toBe((cents / 100).toFixed(2));
    }
  });
});

describe('totals', () => {
  const settings: SiteSettings = {
    currency: 'USD',
    weightUnit: 'KG',
    taxIncludedInPrices: false,
    siteUrl: 'https://shop.example.com',
    taxRules: [
      { country: 'US', subdivision: 'US-NY', rate: '0.08875', name: 'NY' },
      { country: 'US', rate: '0.05', name: 'US' },
    ],
    shippingOptions: [
      { carrierId: 'c1', code: 'standard', title: 'Standard', countries: ['US'], price: '5.99', freeFrom: '150.00' },
      { carrierId: 'c1', code: 'express', title: 'Express', countries: ['US'], price: '14.99' },
    ],
    coupons: [{ id: 'k', code: 'SAVE5', name: '$5 off', amountOff: '5.00', minimumSubtotal: '25.00' }],
    giftCards: [{ id: 'g', code: 'GIFT', balance: '10.00' }],
  };
  const lines = [{ id: 'l1', unitCents: 1000, quantity: 2, shippable: true }];

  it('picks the most specific tax rule of the destination', () => {
    expect(taxRuleFor(settings.taxRules, { country: 'US', subdivision: 'US-NY' })?.name).toBe('NY');
    expect(taxRuleFor(settings.taxRules, { country: 'US', subdivision: 'US-TX' })?.name).toBe('US');
    expect(taxRuleFor(settings.taxRules, { country: 'FR' })).toBeUndefined();
  });

  it('adds shipping (cheapest unless one is selected) and tax on items and shipping, less coupon and gift card', () => {
    const totals = computeTotals({
      lines,
      settings,
      destination: { country: 'US', subdivision: 'US-NY' },
      selectedShipping: { code: 'express' },
      giftCardCode: 'GIFT',
    });
    expect(totals).toMatchObject({ subtotal: 2000, shipping: 1499, tax: Math.round(3499 * 0.08875), giftCardAmount: 1000 });
    expect(totals.total).toBe(3499 + Math.round(3499 * 0.08875));
    expect(totals.payNow).toBe(totals.total - 1000);
    expect(computeTotals({ lines, settings, destination: { country: 'US' } }).selected?.option.code).toBe('standard');
  });

  it('applies a coupon only from its minimum subtotal, and says why not', () => {
    expect(computeTotals({ lines, settings, couponCode: 'SAVE5' }).couponError).toMatch(/at least 25.00/);
    const enough = computeTotals({ lines: [{ ...lines[0], quantity: 3 } as (typeof lines)[0]], settings, couponCode: 'save5' });
    expect(enough).toMatchObject({ couponDiscount: 500, afterDiscounts: 2500 });
    expect(computeTotals({ lines, settings, couponCode: 'NOPE' }).couponError).toMatch(/not a coupon/);
  });

  it('ships free from the threshold, and not at all without a shippable line', () => {
    expect(
      computeTotals({ lines: [{ id: 'l', unitCents: 20000, quantity: 1, shippable: true }], settings, destination: { country: 'US' } })
        .shipping,
    ).toBe(0);
    expect(
      computeTotals({ lines: [{ id: 'l', unitCents: 2000, quantity: 1, shippable: false }], settings, destination: { country: 'US' } })
        .quotes,
    ).toEqual([]);
  });
});
