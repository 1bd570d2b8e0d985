// Maintainers: writes mock/fixtures/default.json and empty.json. The hand-written records
// (scripts/fixtures/base-records.ts) are completed by the catalogue's own computations, then carts, checkouts,
// orders and payments are made by driving the stateful engine through its API, and their ids are renamed to the
// ids the spec's examples use (so every example request finds what it names). Run: npx tsx scripts/build-fixtures.ts
import { writeFileSync } from 'node:fs';
import { completeProduct, type Product } from '../mock/computations/catalogue-product';
import { createStatefulEngine } from '../mock/engine/engine';
import type { Fixture } from '../mock/engine/fixtures';
import { DEFAULT_API_KEY } from '../mock/engine/identity';
import { readDocuments } from '../mock/node/read-documents';
import type { Checkout } from '../mock/services/commerce/checkout';
import { SERVICES } from '../mock/services/index';
import {
  BACK_IN_STOCK_REQUESTS,
  CONTACT_CUSTOM_FIELDS,
  FILES,
  MEMBER_BLOCKS,
  MEMBER_LOGINS,
  MEMBER_ROLES,
  MEMBER_SUBSCRIPTIONS,
  MEMBERS,
  PRODUCTS,
  REVIEWS,
  SETTINGS,
  STORE_COLLECTIONS,
  STORES_APP,
} from './fixtures/base-records';
import { heldOrders, heldPaymentMethods, heldTransactions } from './fixtures/held-orders';
import { staleCheckout } from './fixtures/stale-checkout';

const NOW = '2026-03-01T10:15:00.000Z';
const out = (name: string) => new URL(`../mock/fixtures/${name}.json`, import.meta.url);

let counter = 0;
const products = PRODUCTS.map((product) => {
  const complete = completeProduct(
    product as Product,
    SETTINGS,
    NOW,
    () => `00000000-0000-4000-8000-${String((counter += 1)).padStart(12, '0')}`,
  );
  return { ...complete, lastUpdated: NOW, numericId: String(1716884325440000 + PRODUCTS.indexOf(product) * 1000) };
});

const base: Fixture = {
  description: 'The default store: a linen shop with products, collections, members, reviews, files, carts, checkouts and orders.',
  settings: SETTINGS,
  records: {
    products,
    storeCollections: STORE_COLLECTIONS,
    members: MEMBERS,
    memberLogins: MEMBER_LOGINS,
    reviews: REVIEWS,
    files: FILES,
    backInStockRequests: BACK_IN_STOCK_REQUESTS,
    memberRoles: MEMBER_ROLES,
    memberSubscriptions: MEMBER_SUBSCRIPTIONS,
    memberBlocks: MEMBER_BLOCKS,
    contactCustomFields: CONTACT_CUSTOM_FIELDS,
  },
};

const engine = createStatefulEngine({
  documents: readDocuments(),
  services: SERVICES,
  fixtures: { default: base },
  publicUrl: () => 'http://127.0.0.1:4010',
});
let requests = 0;
const call = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
  const response = await engine.handle({
    method,
    target: path,
    headers: { authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
    body: new TextEncoder().encode(body === undefined ? '' : JSON.stringify(body)),
    requestId: `fixture-${(requests += 1)}`,
  });
  const text = typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body);
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
};

const line = (catalogItemId: string, quantity: number, variantId?: string) => ({
  quantity,
  catalogReference: { catalogItemId, appId: STORES_APP, ...(variantId && { options: { variantId } }) },
});
const NY = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10011',
  addressLine: '235 W 23rd St',
  addressLine2: 'Floor 4',
};
const renames = new Map<string, string>();

// The merchant's own current cart (what GET /v1/carts/current answers for the API key).
const { cart } = (await call('POST', '/v1/carts/current/add-to-cart', {
  lineItems: [
    line('c8539b66-7a44-fe18-affc-afec4be8562a', 2, '00000000-0000-0020-0005-ad9cdc8a2b0f'),
    line('5f0c8a1e-2b3d-4c5e-8f9a-0b1c2d3e4f5a', 1),
  ],
})) as { cart: { id: string; lineItems: { id: string }[] } };
renames.set(cart.id, '6d5c4b3a-2918-4f7e-8d6c-5b4a39281706');
renames.set(cart.lineItems[0]?.id ?? '', '00000000-0000-0000-0000-000000000001');
renames.set(cart.lineItems[1]?.id ?? '', '00000000-0000-0000-0000-000000000002');
await call('PATCH', '/v1/carts/current', {
  cartInfo: {
    buyerNote: 'Please gift-wrap the tote.',
    contactInfo: { address: NY, contactDetails: { firstName: 'Jane', lastName: 'Doe' } },
  },
  cartFieldmask: 'buyerNote,contactInfo',
});

// An open checkout (made from another cart) with a coupon, shipping to New York.
const created = (await call('POST', '/v1/checkouts', {
  channelType: 'WEB',
  couponCode: 'SPRING10',
  lineItems: [
    line('c8539b66-7a44-fe18-affc-afec4be8562a', 2, '00000000-0000-0020-0005-ad9cdc8a2b0f'),
    line('5f0c8a1e-2b3d-4c5e-8f9a-0b1c2d3e4f5a', 1),
  ],
  checkoutInfo: {
    buyerInfo: { email: 'jane.doe@example.com' },
    billingInfo: { address: NY },
    shippingInfo: { shippingDestination: { address: NY }, selectedCarrierServiceOption: { code: 'standard' } },
  },
})) as { checkout: { id: string; lineItems: { id: string }[] } };
renames.set(created.checkout.id, '4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d');
renames.set(created.checkout.lineItems[0]?.id ?? '', '00000000-0000-0000-0000-000000000001');
renames.set(created.checkout.lineItems[1]?.id ?? '', '00000000-0000-0000-0000-000000000002');

// Two orders: one waiting for payment with an authorized card payment, one paid.
const order = async (items: ReturnType<typeof line>[], savePaymentMethod: boolean) => {
  const { checkout } = (await call('POST', '/v1/checkouts', {
    channelType: 'WEB',
    lineItems: items,
    checkoutInfo: {
      buyerInfo: { email: 'jane.doe@example.com' },
      shippingInfo: { shippingDestination: { address: NY }, selectedCarrierServiceOption: { code: 'express' } },
    },
  })) as {
    checkout: { id: string };
  };
  const { orderId } = (await call('POST', `/v1/checkouts/${checkout.id}/create-order`, { savePaymentMethod })) as { orderId: string };
  return orderId;
};
const waiting = await order(
  [
    line('1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d', 2),
    line('c8539b66-7a44-fe18-affc-afec4be8562a', 1, '00000000-0000-0020-0005-ad9cdc8a2b0f'),
  ],
  true,
);
await call('POST', `/v1/payments-collector/orders/${waiting}/prepare-payment-collection`, {
  amount: { amount: '114.10' },
  delayedCaptureSettings: { scheduledAction: 'CAPTURE', delayDuration: { count: 7, unit: 'DAYS' } },
});
const paid = await order([line('1a2d7e83-4bef-31d5-09e1-3326ee271c09', 1, '00000000-0000-0001-0005-9469ec82b2ad')], true);
const collectable = (await call('GET', `/v1/payments-collector/orders/${paid}/payment-collectability-status`)) as {
  amount: { amount: string };
};
await call('POST', `/v1/payments-collector/orders/${paid}/prepare-payment-collection`, { amount: { amount: collectable.amount.amount } });
renames.set(waiting, '8f3c2b1a-4d5e-4f6a-9b7c-0d1e2f3a4b5c');
renames.set(paid, '2b1a0f9e-8d7c-4b6a-9584-736251403f2e');

const dump = await (await engine.session()).dump();
const waitingPayment =
  (dump.orderTransactions as { orderId: string; payments: { id: string }[] }[]).find((t) => t.orderId === waiting)?.payments[0]?.id ?? '';
renames.set(waitingPayment, '4c3b2a19-0f8e-4d7c-b6a5-9e8d7c6b5a4f');

let text = JSON.stringify(dump);
for (const [from, to] of renames) if (from) text = text.split(from).join(to);
// The order placements took stock: the fixture keeps the catalogue as entered.
const records = JSON.parse(text) as Record<string, Record<string, unknown>[]>;
records.products = products;
delete records.settings;
delete records.counters;
// The open checkout was made from a cart that has since become it (GET /v1/checkouts/by-cart-id/{id}).
const open = records.checkouts?.find((checkout) => checkout.id === '4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d');
if (open) open.cartId = '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b';
// Orders in the states a storefront cannot change (unpaid, pending, rejected), copied from the paid one.
const paidRecord = records.orders?.find((record) => record.id === '2b1a0f9e-8d7c-4b6a-9584-736251403f2e');
if (paidRecord) {
  records.orders?.push(...heldOrders(paidRecord));
  records.orderTransactions?.push(...heldTransactions(paidRecord));
}
records.paymentMethods?.push(...heldPaymentMethods);
// A checkout left open with a shipping option the site has since discontinued.
if (open) records.checkouts?.push(staleCheckout(open as unknown as Checkout, SETTINGS) as unknown as Record<string, unknown>);

const fixture: Fixture = { ...base, records: { ...records, currentCarts: records.currentCarts ?? [] } };
writeFileSync(out('default'), `${JSON.stringify(fixture, null, 1)}\n`);
writeFileSync(
  out('empty'),
  `${JSON.stringify({ description: 'An empty store: the site settings and the All Products collection, nothing else.', settings: SETTINGS, records: { storeCollections: [STORE_COLLECTIONS[0]] } }, null, 1)}\n`,
);
console.log(
  `wrote default.json (${Object.entries(fixture.records)
    .map(([name, list]) => `${name} ${list.length}`)
    .join(', ')}) and empty.json`,
);
