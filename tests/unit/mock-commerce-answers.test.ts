import { describe, expect, it } from 'vitest';
import { createStatefulEngine } from '../../mock/engine/engine';
import { readDocuments } from '../../mock/node/read-documents';
import { readFixtures } from '../../mock/node/read-fixtures';
import { ORDER_READ_ONLY_FIELDS } from '../../mock/services/commerce/orders';
import { SERVICES } from '../../mock/services/index';
import { declaredCodes } from '../../spec-model/declared-codes';
import { listOperations } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';
import { declaredStatuses } from '../../spec-model/responses';
import { resolveSchema } from '../../spec-model/schemas';
import { API_KEY } from '../support/mock-credentials';

// The commerce family answers like the platform: each refusal's status and code is one its operation declares,
// each error response enumerates its codes, and the requests the spec allows are the ones the mock takes.
const doc = loadDocument('commerce');
const operations = new Map(listOperations('commerce', doc).map((operation) => [operation.operationId, operation]));

describe('commerce error responses', () => {
  it.each([...operations.keys()])('%s enumerates the codes of each error status, and declares 401, 415, 500 and 503', (operationId) => {
    const operation = operations.get(operationId);
    if (!operation) throw new Error(`no ${operationId}`);
    const statuses = declaredStatuses(operation);
    for (const status of statuses.filter((s) => s >= 400)) expect(declaredCodes(operation, status), `${status}`).toEqual(expect.any(Array));
    expect(statuses).toEqual(expect.arrayContaining([401, 500, 503]));
    if (operation?.requestBody) expect(statuses).toContain(415);
  });

  it('lists the order fields the spec marks read-only', () => {
    const order = resolveSchema(doc, { $ref: '#/components/schemas/Order' }) as {
      properties: Record<string, { readOnly?: boolean; $ref?: string }>;
    };
    const readOnly = Object.entries(order.properties)
      .filter(([, property]) => property.readOnly)
      .map(([name]) => name);
    expect([...ORDER_READ_ONLY_FIELDS].sort()).toEqual(readOnly.sort());
  });
});

const documents = readDocuments();
const fixtures = readFixtures();
const engine = createStatefulEngine({ documents, fixtures, services: SERVICES, publicUrl: () => 'http://mock.test' });

let sessions = 0;
/** A session of its own, with its calls: `call(method, target, authorization, body)`. */
const session = () => {
  const id = `commerce-answers-${(sessions += 1)}`;
  return async (method: string, target: string, authorization: string, body?: unknown) => {
    const response = await engine.handle({
      method,
      target,
      headers: { 'content-type': 'application/json', authorization, 'x-mock-session': id },
      body: new TextEncoder().encode(body === undefined ? '' : JSON.stringify(body)),
      requestId: 'commerce-answers',
    });
    const text = typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body);
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, any> };
  };
};
type Call = ReturnType<typeof session>;

const visitor = async (call: Call): Promise<string> => {
  const { status, body } = await call('POST', '/oauth2/token', '', {
    clientId: '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f',
    grantType: 'anonymous',
  });
  expect(status).toBe(200);
  return body.access_token as string;
};

const PRODUCT = { catalogItemId: '5376f9ec-b92e-efa9-e4a1-f4f480aa0d3a', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' };
const ONE_LINE = { channelType: 'WEB', lineItems: [{ quantity: 1, catalogReference: PRODUCT }] };
const FIXTURE_ORDER = '8f3c2b1a-4d5e-4f6a-9b7c-0d1e2f3a4b5c';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The id of an order made from a new one-line checkout, with `createOrder` as its create-order request. */
const newOrder = async (call: Call, createOrder: Record<string, unknown> = {}): Promise<string> => {
  const { body } = await call('POST', '/v1/checkouts', API_KEY, ONE_LINE);
  const created = await call('POST', `/v1/checkouts/${body.checkout.id}/create-order`, API_KEY, createOrder);
  expect(created.status).toBe(200);
  return created.body.orderId as string;
};

const codeOf = (answer: { status: number; body: Record<string, any> }) => ({
  status: answer.status,
  code: answer.body?.details?.applicationError?.code,
});
const violationsOf = (answer: { body: Record<string, any> }) =>
  (answer.body?.details?.validationError?.fieldViolations ?? []).map(
    (v: { field: string; violatedRule: string }) => `${v.field} ${v.violatedRule}`,
  );

describe('commerce refusals, as the platform names them', () => {
  it('a new visitor has no cart: 404 OWNED_CART_NOT_FOUND on every look-up of it', async () => {
    const call = session();
    const token = await visitor(call);
    expect(codeOf(await call('GET', '/v1/carts/current', token))).toEqual({ status: 404, code: 'OWNED_CART_NOT_FOUND' });
    expect(codeOf(await call('POST', '/v1/carts/current/estimate-totals', token, {}))).toEqual({
      status: 404,
      code: 'OWNED_CART_NOT_FOUND',
    });
    expect(codeOf(await call('POST', '/v1/carts/current/remove-coupon', token))).toEqual({ status: 404, code: 'OWNED_CART_NOT_FOUND' });
    expect(codeOf(await call('DELETE', '/v1/carts/current', token))).toEqual({ status: 404, code: 'OWNED_CART_NOT_FOUND' });
  });

  it('an unknown order is 404 ORDER_NOT_FOUND, on a read, an update, a cancel and the payments collector', async () => {
    const call = session();
    expect(codeOf(await call('GET', `/v1/orders/${UNKNOWN}`, API_KEY))).toEqual({ status: 404, code: 'ORDER_NOT_FOUND' });
    expect(codeOf(await call('PATCH', `/v1/orders/${UNKNOWN}`, API_KEY, { order: { buyerNote: 'x' } }))).toEqual({
      status: 404,
      code: 'ORDER_NOT_FOUND',
    });
    expect(codeOf(await call('POST', `/v1/orders/${UNKNOWN}/cancel`, API_KEY, {}))).toEqual({ status: 404, code: 'ORDER_NOT_FOUND' });
    expect(codeOf(await call('GET', `/v1/payments-collector/orders/${UNKNOWN}/payment-collectability-status`, API_KEY))).toEqual({
      status: 404,
      code: 'ORDER_NOT_FOUND',
    });
    const bulk = await call('POST', '/v1/bulk/orders/update', API_KEY, { orders: [{ order: { id: UNKNOWN, buyerNote: 'x' } }] });
    expect(bulk.body.results[0].itemMetadata.error.code).toBe('ORDER_NOT_FOUND');
  });

  it('a completed checkout answers 428 CHECKOUT_IS_COMPLETE to every change, and CHECKOUT_ALREADY_PAID to a second order', async () => {
    const call = session();
    const { body } = await call('POST', '/v1/checkouts', API_KEY, ONE_LINE);
    const id = body.checkout.id as string;
    const line = body.checkout.lineItems[0].id as string;
    expect((await call('POST', `/v1/checkouts/${id}/create-order`, API_KEY, {})).status).toBe(200);
    const changes: [string, string, unknown][] = [
      ['PATCH', '', { checkout: { buyerNote: 'late' } }],
      ['POST', '/remove-coupon', undefined],
      ['POST', '/remove-gift-card', undefined],
      ['POST', '/remove-override-checkout-url', undefined],
      ['POST', '/add-to-checkout', { lineItems: [{ quantity: 1, catalogReference: PRODUCT }] }],
      ['POST', '/remove-line-items', { lineItemIds: [line] }],
      ['POST', '/update-line-items-quantity', { lineItems: [{ id: line, quantity: 2 }] }],
    ];
    for (const [method, tail, request] of changes) {
      expect(codeOf(await call(method, `/v1/checkouts/${id}${tail}`, API_KEY, request)), `${method} ${tail}`).toEqual({
        status: 428,
        code: 'CHECKOUT_IS_COMPLETE',
      });
    }
    expect(codeOf(await call('POST', `/v1/checkouts/${id}/create-order`, API_KEY, {}))).toEqual({
      status: 428,
      code: 'CHECKOUT_ALREADY_PAID',
    });
  });

  it('a checkout without lines is empty, not a 500, and no order is created from it (EMPTY_CHECKOUT)', async () => {
    const call = session();
    const created = await call('POST', '/v1/checkouts', API_KEY, { channelType: 'POS' });
    expect(created.status).toBe(200);
    expect(created.body.checkout.lineItems).toEqual([]);
    expect(codeOf(await call('POST', `/v1/checkouts/${created.body.checkout.id}/create-order`, API_KEY, {}))).toEqual({
      status: 428,
      code: 'EMPTY_CHECKOUT',
    });
    // Removing the last line leaves the same empty checkout.
    const { body } = await call('POST', '/v1/checkouts', API_KEY, ONE_LINE);
    const removed = await call('POST', `/v1/checkouts/${body.checkout.id}/remove-line-items`, API_KEY, {
      lineItemIds: [body.checkout.lineItems[0].id],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.checkout.lineItems).toEqual([]);
  });

  it("another shopper's checkout is 403 PERMISSION_DENIED on every operation that reads it", async () => {
    const call = session();
    const owner = await visitor(call);
    const other = await visitor(call);
    const { body } = await call('POST', '/v1/checkouts', owner, ONE_LINE);
    const id = body.checkout.id as string;
    const line = body.checkout.lineItems[0].id as string;
    const reads: [string, string, unknown][] = [
      ['GET', '', undefined],
      ['GET', '/checkout-url', undefined],
      ['GET', '/payment-settings', undefined],
      ['PATCH', '', { checkout: { buyerNote: 'mine' } }],
      ['POST', '/remove-coupon', undefined],
      ['POST', '/remove-gift-card', undefined],
      ['POST', '/remove-override-checkout-url', undefined],
      ['POST', '/add-to-checkout', { lineItems: [{ quantity: 1, catalogReference: PRODUCT }] }],
      ['POST', '/remove-line-items', { lineItemIds: [line] }],
      ['POST', '/update-line-items-quantity', { lineItems: [{ id: line, quantity: 2 }] }],
      ['POST', '/create-order', {}],
      ['POST', '/mark-as-completed', undefined],
    ];
    for (const [method, tail, request] of reads) {
      expect(codeOf(await call(method, `/v1/checkouts/${id}${tail}`, other, request)), `${method} ${tail}`).toEqual({
        status: 403,
        code: 'PERMISSION_DENIED',
      });
    }
    // A checkout made from the owner's cart, looked up by the cart id.
    await call('POST', '/v1/carts/current/add-to-cart', owner, { lineItems: [{ quantity: 1, catalogReference: PRODUCT }] });
    const cart = (await call('GET', '/v1/carts/current', owner)).body.cart;
    await call('POST', '/v1/carts/current/create-checkout', owner, { channelType: 'WEB' });
    expect(codeOf(await call('GET', `/v1/checkouts/by-cart-id/${cart.id}`, other))).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
  });

  it('back-in-stock requests: an unknown id is BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND, a duplicate _ALREADY_EXISTS', async () => {
    const call = session();
    for (const [method, tail] of [
      ['GET', ''],
      ['DELETE', ''],
      ['PUT', '/mark-as-notification-sent'],
    ] as const) {
      expect(codeOf(await call(method, `/v1/back-in-stock-notification-requests/${UNKNOWN}${tail}`, API_KEY)), method + tail).toEqual({
        status: 404,
        code: 'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND',
      });
    }
    const request = {
      request: { catalogReference: { ...PRODUCT }, email: 'dup@example.com' },
      itemDetails: { name: 'Shirt', price: '10.00', itemUrl: 'https://shop.example.com/p' },
    };
    expect((await call('POST', '/v1/back-in-stock-notification-requests', API_KEY, request)).status).toBe(200);
    expect(codeOf(await call('POST', '/v1/back-in-stock-notification-requests', API_KEY, request))).toEqual({
      status: 409,
      code: 'BACK_IN_STOCK_NOTIFICATION_REQUEST_ALREADY_EXISTS',
    });
  });

  it('cancelling a cancelled order is 428 ORDER_ALREADY_CANCELED; collecting its payment 428 ORDER_CANCELED', async () => {
    const call = session();
    const orderId = await newOrder(call);
    expect((await call('POST', `/v1/orders/${orderId}/cancel`, API_KEY)).status).toBe(200);
    expect(codeOf(await call('POST', `/v1/orders/${orderId}/cancel`, API_KEY))).toEqual({ status: 428, code: 'ORDER_ALREADY_CANCELED' });
    expect(
      codeOf(
        await call('POST', `/v1/payments-collector/orders/${orderId}/prepare-payment-collection`, API_KEY, { amount: { amount: '1' } }),
      ),
    ).toEqual({
      status: 428,
      code: 'ORDER_CANCELED',
    });
  });

  it('the payments collector names why it cannot collect, capture or void, with the platform codes', async () => {
    const call = session();
    const unsaved = await newOrder(call);
    const prepare = (order: string, request: unknown) =>
      call('POST', `/v1/payments-collector/orders/${order}/prepare-payment-collection`, API_KEY, request);
    expect(codeOf(await prepare(unsaved, { amount: { amount: '1' } }))).toEqual({ status: 428, code: 'PAYMENT_METHODS_NOT_FOUND' });

    const order = await newOrder(call, { savePaymentMethod: true });
    expect(codeOf(await prepare(order, { amount: { amount: '999999' } }))).toEqual({ status: 428, code: 'INVALID_AMOUNT' });
    expect(codeOf(await prepare(order, { amount: { amount: '0' } }))).toEqual({ status: 428, code: 'INVALID_AMOUNT' });
    // A delay the platform's int32 count allows but no timestamp can hold is scheduled at the last one there is.
    const far = {
      amount: { amount: '1' },
      delayedCaptureSettings: { scheduledAction: 'VOID', delayDuration: { count: 2_147_483_647, unit: 'DAYS' } },
    };
    expect((await prepare(order, far)).status).toBe(200);
    const tooFar = await prepare(order, {
      ...far,
      delayedCaptureSettings: { ...far.delayedCaptureSettings, delayDuration: { count: 2_147_483_648, unit: 'DAYS' } },
    });
    expect(violationsOf(tooFar).sort()).toEqual([
      'delayedCaptureSettings.delayDuration.count FORMAT',
      'delayedCaptureSettings.delayDuration.count MAX',
    ]);

    const collector = `/v1/payments-collector/orders/${order}`;
    expect(codeOf(await call('POST', `${collector}/void-authorized-payments`, API_KEY, { paymentIds: [UNKNOWN] }))).toEqual({
      status: 428,
      code: 'PAYMENT_NOT_FOUND',
    });
    // The order's transactions, as the last event recording them holds them.
    const { events } = (await call('GET', '/__mock/events?limit=20', API_KEY)).body as { events: { eventType: string; payload: any }[] };
    const transactions = events.find((event) => event.eventType === 'wix.ecom.v1.order_transactions_updated')?.payload.updatedEvent
      .currentEntity;
    const payment = (transactions?.payments ?? []).find((p: any) => p.regularPaymentDetails?.status === 'AUTHORIZED');
    expect(payment.regularPaymentDetails.authorizationDetails.scheduledAction.executionDate).toBe('9999-12-31T23:59:59.999Z');
    // The same transactions are what the API reads: the payment ids capture and void take are discoverable.
    const read = await call('GET', `/v1/payments/orders/${order}`, API_KEY);
    expect(read.status).toBe(200);
    expect((read.body as { orderTransactions: unknown }).orderTransactions).toEqual(transactions);
    expect(codeOf(await call('GET', `/v1/payments/orders/${UNKNOWN}`, API_KEY))).toEqual({ status: 404, code: 'ORDER_NOT_FOUND' });
    expect((await call('POST', `${collector}/void-authorized-payments`, API_KEY, { paymentIds: [payment.id] })).status).toBe(200);
    expect(codeOf(await call('POST', `${collector}/void-authorized-payments`, API_KEY, { paymentIds: [payment.id] }))).toEqual({
      status: 428,
      code: 'PAYMENT_ALREADY_VOIDED',
    });
    expect(
      codeOf(await call('POST', `${collector}/capture-authorized-payments`, API_KEY, { payments: [{ paymentId: payment.id }] })),
    ).toEqual({ status: 428, code: 'PAYMENT_ALREADY_VOIDED' });
  });
});

describe('commerce coupons and gift cards', () => {
  it('an unknown coupon code is 428 ERROR_COUPON_DOES_NOT_EXIST on the cart, a new checkout and a checkout update', async () => {
    const call = session();
    const token = await visitor(call);
    await call('POST', '/v1/carts/current/add-to-cart', token, { lineItems: [{ quantity: 1, catalogReference: PRODUCT }] });
    const onCart = await call('PATCH', '/v1/carts/current', token, { couponCode: 'SPRING99' });
    expect(codeOf(onCart)).toEqual({ status: 428, code: 'ERROR_COUPON_DOES_NOT_EXIST' });
    expect(onCart.body.details.applicationError.data).toEqual({ couponCode: 'SPRING99' });
    // The cart is as it was: no coupon taken.
    expect((await call('GET', '/v1/carts/current', token)).body.cart.appliedDiscounts ?? []).toEqual([]);
    expect(codeOf(await call('POST', '/v1/checkouts', API_KEY, { ...ONE_LINE, couponCode: 'SPRING99' }))).toEqual({
      status: 428,
      code: 'ERROR_COUPON_DOES_NOT_EXIST',
    });
    const { body } = await call('POST', '/v1/checkouts', API_KEY, ONE_LINE);
    expect(codeOf(await call('PATCH', `/v1/checkouts/${body.checkout.id}`, API_KEY, { checkout: {}, couponCode: 'spring99' }))).toEqual({
      status: 428,
      code: 'ERROR_COUPON_DOES_NOT_EXIST',
    });
    // A code the site has, in any case, is taken.
    const taken = await call('PATCH', `/v1/checkouts/${body.checkout.id}`, API_KEY, { checkout: {}, couponCode: 'spring10' });
    expect(taken.status).toBe(200);
    expect(taken.body.checkout.appliedDiscounts[0].coupon.code).toBe('SPRING10');
  });

  it('an unknown gift card code is 428 GIFT_CARD_NOT_FOUND on a new checkout and a checkout update', async () => {
    const call = session();
    expect(codeOf(await call('POST', '/v1/checkouts', API_KEY, { ...ONE_LINE, giftCardCode: 'GIFT-0000' }))).toEqual({
      status: 428,
      code: 'GIFT_CARD_NOT_FOUND',
    });
    const { body } = await call('POST', '/v1/checkouts', API_KEY, ONE_LINE);
    const id = body.checkout.id as string;
    expect(codeOf(await call('PATCH', `/v1/checkouts/${id}`, API_KEY, { checkout: {}, giftCardCode: 'GIFT-0000' }))).toEqual({
      status: 428,
      code: 'GIFT_CARD_NOT_FOUND',
    });
    const taken = await call('PATCH', `/v1/checkouts/${id}`, API_KEY, { checkout: {}, giftCardCode: 'GIFT-2026-0001' });
    expect(taken.status).toBe(200);
    expect(taken.body.checkout.giftCard.obfuscatedCode).toBe('****0001');
  });

  it('a known coupon the purchase does not qualify for is kept without a discount, its calculation error saying why', async () => {
    const call = session();
    // The one line (14.50) is under the coupon's minimum subtotal.
    const coupon = fixtures.default?.settings.coupons.find((candidate) => candidate.minimumSubtotal === '25.00');
    expect(coupon, 'a fixture coupon with a minimum subtotal of 25.00').toBeDefined();
    const checkout = await call('POST', '/v1/checkouts', API_KEY, { ...ONE_LINE, couponCode: coupon?.code });
    expect(checkout.status).toBe(200);
    expect(checkout.body.checkout.priceSummary.discount.amount).toBe('0.00');
    expect(checkout.body.checkout.calculationErrors.couponCalculationError.applicationError.description).toMatch(
      /needs a subtotal of at least/,
    );
  });
});

describe('commerce requests: the spec says what the mock enforces', () => {
  it('add-to-cart and add-to-checkout need line items or custom line items (either), named by the schema', async () => {
    const call = session();
    expect(violationsOf(await call('POST', '/v1/carts/current/add-to-cart', API_KEY, {}))).toEqual(['body REQUIRED_FIELD']);
    expect(violationsOf(await call('POST', '/v1/carts/current/add-to-cart', API_KEY, { lineItems: [], customLineItems: [] }))).toEqual([
      'body VALIDATION',
    ]);
    const { body } = await call('POST', '/v1/checkouts', API_KEY, ONE_LINE);
    expect(violationsOf(await call('POST', `/v1/checkouts/${body.checkout.id}/add-to-checkout`, API_KEY, {}))).toEqual([
      'body REQUIRED_FIELD',
    ]);
  });

  it('names every problem of a catalogue line at once: its quantity and its missing catalogReference', async () => {
    const call = session();
    expect(violationsOf(await call('POST', '/v1/carts/current/add-to-cart', API_KEY, { lineItems: [{ quantity: 0 }] }))).toEqual([
      'lineItems[0].catalogReference REQUIRED_FIELD',
      'lineItems[0].quantity MIN',
    ]);
  });

  it('a custom line item needs price and productName.original, and a price that is a non-negative decimal', async () => {
    const call = session();
    const custom = (item: Record<string, unknown>) =>
      call('POST', '/v1/carts/current/add-to-cart', API_KEY, {
        customLineItems: [{ quantity: 1, itemType: { preset: 'PHYSICAL' }, ...item }],
      });
    expect(violationsOf(await custom({ price: '5', productName: {} }))).toEqual(['customLineItems[0].productName.original REQUIRED_FIELD']);
    expect(violationsOf(await custom({ productName: { original: 'Wrap' } }))).toEqual(['customLineItems[0].price REQUIRED_FIELD']);
    expect(violationsOf(await custom({ price: '-5', productName: { original: 'Wrap' } }))).toEqual(['customLineItems[0].price FORMAT']);
    expect((await custom({ price: '4.50', productName: { original: 'Wrap' } })).status).toBe(200);
  });

  it('a quantity update names its line by id (the schema requires it)', async () => {
    const call = session();
    await call('POST', '/v1/carts/current/add-to-cart', API_KEY, { lineItems: [{ quantity: 1, catalogReference: PRODUCT }] });
    expect(
      violationsOf(await call('POST', '/v1/carts/current/update-line-items-quantity', API_KEY, { lineItems: [{ quantity: 2 }] })),
    ).toEqual(['lineItems[0].id REQUIRED_FIELD']);
    const { body } = await call('POST', '/v1/checkouts', API_KEY, ONE_LINE);
    expect(
      violationsOf(
        await call('POST', `/v1/checkouts/${body.checkout.id}/update-line-items-quantity`, API_KEY, { lineItems: [{ quantity: 2 }] }),
      ),
    ).toEqual(['lineItems[0].id REQUIRED_FIELD']);
  });

  it('report-items-back-in-stock takes a catalogReference or requestIds: neither is a 400, both REQUEST_CONTAINS_BOTH_...', async () => {
    const call = session();
    const itemDetails = { name: 'Shirt', price: '1.00', itemUrl: 'https://shop.example.com/p' };
    const report = (request: Record<string, unknown>) =>
      call('POST', '/v1/back-in-stock-notification-requests/report-items-back-in-stock', API_KEY, { itemDetails, ...request });
    expect(violationsOf(await report({}))).toEqual(['body REQUIRED_FIELD']);
    expect(codeOf(await report({ catalogReference: PRODUCT, requestIds: [UNKNOWN] }))).toEqual({
      status: 400,
      code: 'REQUEST_CONTAINS_BOTH_CATALOG_REFERENCE_AND_REQUEST_IDS',
    });
    expect((await report({ catalogReference: PRODUCT })).status).toBe(200);
    expect((await report({ requestIds: [UNKNOWN] })).status).toBe(200);
  });

  it('ignores the order fields that are read-only, on create and on update', async () => {
    const call = session();
    const line = {
      quantity: 1,
      productName: { original: 'X' },
      catalogReference: PRODUCT,
      price: { amount: '5' },
      itemType: { preset: 'PHYSICAL' },
    };
    const created = await call('POST', '/v1/orders', API_KEY, {
      order: {
        imported: true,
        fulfillmentStatus: 'FULFILLED',
        number: '1',
        lineItems: [line],
        priceSummary: {},
        channelInfo: { type: 'WEB' },
        currency: 'USD',
        paymentStatus: 'NOT_PAID',
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.order.imported).toBeUndefined();
    expect(created.body.order.fulfillmentStatus).toBe('NOT_FULFILLED');
    expect(created.body.order.number).not.toBe('1');
    const before = (await call('GET', `/v1/orders/${FIXTURE_ORDER}`, API_KEY)).body.order;
    const updated = await call('PATCH', `/v1/orders/${FIXTURE_ORDER}`, API_KEY, {
      order: { imported: true, number: '2', buyerNote: 'kept' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.order).toMatchObject({ buyerNote: 'kept', number: before.number });
    expect(updated.body.order.imported).toBe(before.imported);
  });
});

describe('commerce field masks', () => {
  it('a mask path naming a prototype key is a 400 on the mask field; a __proto__ key in the patch stays out of the answer', async () => {
    const call = session();
    const token = await visitor(call);
    await call('POST', '/v1/carts/current/add-to-cart', token, { lineItems: [{ quantity: 1, catalogReference: PRODUCT }] });
    const masked = await call('PATCH', '/v1/carts/current', token, { cartInfo: { buyerNote: 'x' }, cartFieldmask: 'buyerNote,__proto__' });
    expect(masked.status).toBe(400);
    expect(violationsOf(masked)).toEqual(['cartFieldmask FORMAT']);
    const { body } = await call('POST', '/v1/checkouts', API_KEY, ONE_LINE);
    const checkout = await call('PATCH', `/v1/checkouts/${body.checkout.id}`, API_KEY, {
      checkout: { buyerNote: 'x' },
      fieldMask: 'constructor.prototype.polluted',
    });
    expect(violationsOf(checkout)).toEqual(['fieldMask FORMAT']);
    const order = await call('PATCH', `/v1/orders/${FIXTURE_ORDER}`, API_KEY, { order: { buyerNote: 'x' }, fieldMask: '__proto__.x' });
    expect(violationsOf(order)).toEqual(['fieldMask FORMAT']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The same note through a mask that names fields is taken.
    const kept = await call('PATCH', `/v1/checkouts/${body.checkout.id}`, API_KEY, {
      checkout: { buyerNote: 'kept' },
      fieldMask: 'buyerNote',
    });
    expect(kept.status).toBe(200);
    expect(kept.body.checkout.buyerNote).toBe('kept');
  });
});

describe('what the site set up for a product, at checkout and when the order is created', () => {
  const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
  const item = (catalogItemId: string, quantity = 1, options?: Record<string, string>) => ({
    quantity,
    catalogReference: { catalogItemId, appId: STORES, ...(options && { options }) },
  });
  const RUNNER = '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c';
  const ROBE = '0a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3e';
  const GIFT_CARD = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5f';
  const REFILL = item('5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c', 1, { subscriptionOptionId: '8f7e6d5c-4b3a-4291-8f0e-1d2c3b4a5f6e' });
  const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10011', addressLine: '235 W 23rd St' };

  const checkoutOf = async (call: Call, token: string, lineItems: unknown[], extra: Record<string, unknown> = {}) => {
    const created = await call('POST', '/v1/checkouts', token, { channelType: 'WEB', lineItems, ...extra });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.checkout;
  };
  const orderOf = (call: Call, token: string, id: string, body: Record<string, unknown> = { savePaymentMethod: true }) =>
    call('POST', `/v1/checkouts/${id}/create-order`, token, body);

  it('a line carries its subscription option, members-only flag and gift card item type; an unknown subscription option is a 400', async () => {
    const call = session();
    const token = await visitor(call);
    const [refill, robe, giftCard] = (await checkoutOf(call, token, [REFILL, item(ROBE), item(GIFT_CARD)])).lineItems;
    expect(refill.subscriptionOptionInfo.title.original).toBe('Monthly refill');
    expect(refill.subscriptionOptionInfo.subscriptionSettings).toMatchObject({ frequency: 'MONTH', autoRenewal: true });
    expect(robe.membersOnly).toBe(true);
    expect(giftCard.itemType).toEqual({ preset: 'GIFT_CARD' });
    const unknown = await call('POST', '/v1/checkouts', token, {
      channelType: 'WEB',
      lineItems: [item(ROBE, 1, { subscriptionOptionId: '8f7e6d5c-4b3a-4291-8f0e-1d2c3b4a5f6e' })],
    });
    expect(violationsOf(unknown)).toEqual([expect.stringMatching(/^lineItems\[0\]\.catalogReference\.options\.subscriptionOptionId /)]);
  });

  it('orders what the rules allow: a subscription alone with consent, the robe for a member, the last runner once', async () => {
    const call = session();
    const token = await visitor(call);
    expect((await orderOf(call, token, (await checkoutOf(call, token, [REFILL])).id)).status).toBe(200);
    const member = await call('POST', '/oauth2/token', API_KEY, {
      grant_type: 'authorized_client',
      member_id: '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182',
    });
    const maya = member.body.access_token as string;
    expect((await orderOf(call, maya, (await checkoutOf(call, maya, [item(ROBE)])).id)).status).toBe(200);
    expect((await orderOf(call, token, (await checkoutOf(call, token, [item(RUNNER)])).id)).status).toBe(200);
    // The order took the last one.
    expect(codeOf(await orderOf(call, token, (await checkoutOf(call, token, [item(RUNNER)])).id))).toEqual({
      status: 428,
      code: 'FULL_OUT_OF_STOCK',
    });
  });

  it('offers no discontinued shipping option, and keeps an option that serves the address', async () => {
    const call = session();
    const token = await visitor(call);
    const checkout = await checkoutOf(call, token, [item(RUNNER)], {
      checkoutInfo: { shippingInfo: { shippingDestination: { address: NY }, selectedCarrierServiceOption: { code: 'express' } } },
    });
    const offered = checkout.shippingInfo.carrierServiceOptions.flatMap((carrier: { shippingOptions: { code: string }[] }) =>
      carrier.shippingOptions.map((option) => option.code),
    );
    expect(offered).toEqual(['standard', 'express', 'store-pickup']);
    expect(checkout.shippingInfo.selectedCarrierServiceOption.code).toBe('express');
    expect((await orderOf(call, token, checkout.id)).status).toBe(200);
  });

  it('updating a cart the caller does not have is 404, adding items with the update makes one', async () => {
    const call = session();
    const token = await visitor(call);
    expect(codeOf(await call('PATCH', '/v1/carts/current', token, { cartInfo: { buyerNote: 'x' }, cartFieldmask: 'buyerNote' }))).toEqual({
      status: 404,
      code: 'OWNED_CART_NOT_FOUND',
    });
    const made = await call('PATCH', '/v1/carts/current', token, { lineItems: [item(RUNNER)] });
    expect(made.status).toBe(200);
    expect(made.body.cart.lineItems).toHaveLength(1);
  });
});
