// Commerce refusals reached from the default fixture's named data: products a storefront meets (the sold-out
// Ceramic Mug, the Linen Table Runner with one left, the Members' Linen Robe, the Coffee Subscription, the
// e-Gift Card), the site's shipping options (the discontinued same-day courier), its back-in-stock collection
// states, and orders whose payment cannot be collected, captured or voided (imported, a bank transfer, a card
// payment waiting for 3-D Secure).
import type { Call, Caller, How, ReachRow } from './rows';

const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const BOOKINGS = '13d21c63-b5ec-5912-8397-c3a5ddb27a97';
const NAPKINS = '5f0c8a1e-2b3d-4c5e-8f9a-0b1c2d3e4f5a';
const MUG = '7d8e9f0a-1b2c-4d3e-9f4a-5b6c7d8e9f0a';
const RUNNER = '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c';
const ROBE = '0a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3e';
const GIFT_CARD = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5f';
const COFFEE = '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';
const MONTHLY_REFILL = '8f7e6d5c-4b3a-4291-8f0e-1d2c3b4a5f6e';
const OPEN_CHECKOUT = '4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d';
const STALE_CHECKOUT = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6e';
const IMPORTED_ORDER = '6d7e8f9a-0b1c-4d2e-9f3a-4b5c6d7e8f91';
const BANK_TRANSFER_ORDER = '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a02';
const BANK_TRANSFER = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c01';
const SECURE_CHECK_ORDER = '8f9a0b1c-2d3e-4f4a-9b5c-6d7e8f9a0b13';
const SECURE_CHECK_PAYMENT = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d02';
const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10011', addressLine: '235 W 23rd St' };

const row = (operation: string, status: number, code: string, how: How): ReachRow => ({ operation, status, code, how });
const request = (data: string, call: Call): How => ({ request: call, data });
const steps = (data: string, ...calls: Call[]): How => ({ steps: calls, data });

const line = (catalogItemId: string, quantity = 1, options?: Record<string, string>) => ({
  quantity,
  catalogReference: { catalogItemId, appId: STORES, ...(options && { options }) },
});
const subscription = line(COFFEE, 1, { subscriptionOptionId: MONTHLY_REFILL });

const newCheckout = (lineItems: unknown[], extra: Record<string, unknown> = {}, as: Caller = 'visitor'): Call => ({
  as,
  method: 'POST',
  path: '/v1/checkouts',
  body: { channelType: 'WEB', lineItems, ...extra },
});
const shipTo = (address: Record<string, string>, code?: string) => ({
  checkoutInfo: { shippingInfo: { shippingDestination: { address }, ...(code && { selectedCarrierServiceOption: { code } }) } },
});
const placeNew = (body: Record<string, unknown> = {}): Call => ({
  as: 'visitor',
  method: 'POST',
  path: '/v1/checkouts/{0.checkout.id}/create-order',
  body,
});
const SAVE_CARD = { savePaymentMethod: true };

/** A new checkout of these lines, then its order: refused for what the lines (or the codes) are. */
const orderOf = (
  code: string,
  data: string,
  lineItems: unknown[],
  extra: Record<string, unknown> = {},
  place: Record<string, unknown> = SAVE_CARD,
): ReachRow => row('createOrderFromCheckout', 428, code, steps(data, newCheckout(lineItems, extra), placeNew(place)));

const merchantOn = (method: Call['method'], path: string, body?: unknown): Call => ({
  as: 'merchant',
  method,
  path,
  ...(body !== undefined && { body }),
});
const changeOpenCheckout = (code: string) =>
  merchantOn('PATCH', `/v1/checkouts/${OPEN_CHECKOUT}`, { checkout: { shippingInfo: { selectedCarrierServiceOption: { code } } } });

const collector = (order: string, action: string, body: unknown) =>
  merchantOn('POST', `/v1/payments-collector/orders/${order}/${action}`, body);

export const COMMERCE_DATA_ROWS: readonly ReachRow[] = [
  row(
    'createBackInStockNotificationRequest',
    428,
    'REQUEST_COLLECTION_DISABLED',
    request('a Wix Bookings service: the site collects back-in-stock requests for Wix Stores items only (backInStockCollectionStates)', {
      as: 'visitor',
      method: 'POST',
      path: '/v1/back-in-stock-notification-requests',
      body: {
        request: {
          catalogReference: { catalogItemId: '2d3e4f50-6172-4839-94a5-b6c7d8e9f0a1', appId: BOOKINGS },
          email: 'sam.lee@example.com',
          itemUrl: 'https://shop.example.com/booking-calendar/linen-care-class',
        },
        itemDetails: { name: 'Linen care class', price: '30.00' },
      },
    }),
  ),

  // Shipping options of the site's settings.
  row(
    'createCheckout',
    428,
    'SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND',
    request('a shipping option the site does not have (drone-delivery)', newCheckout([line(NAPKINS)], shipTo(NY, 'drone-delivery'))),
  ),
  row(
    'createCheckout',
    428,
    'INVALID_SELECTED_CARRIER_SERVICE_OPTION',
    request(
      'the international option (CA, GB, DE, FR, IL) selected for an address in New York',
      newCheckout([line(NAPKINS)], shipTo(NY, 'international')),
    ),
  ),
  row(
    'updateCheckout',
    428,
    'SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND',
    request('the open checkout, given a shipping option the site does not have (drone-delivery)', changeOpenCheckout('drone-delivery')),
  ),
  row(
    'updateCheckout',
    428,
    'INVALID_SELECTED_CARRIER_SERVICE_OPTION',
    request('the open checkout, given the same-day courier (discontinued 2026-02-20)', changeOpenCheckout('same-day-courier')),
  ),

  // Orders from checkouts: what the lines are, what the codes pay for, shipping.
  row(
    'createOrderFromCheckout',
    428,
    'VIOLATIONS_WITH_ERROR_SEVERITY',
    steps(
      'a checkout of the Linen Napkins, which the merchant then deletes from the catalogue',
      newCheckout([line(NAPKINS)]),
      merchantOn('DELETE', `/v1/products/${NAPKINS}`),
      placeNew(),
    ),
  ),
  row(
    'createOrderFromCheckout',
    428,
    'CHECKOUT_CHANGED',
    steps(
      'a checkout of the Linen Napkins ($24.00), which the merchant then reprices to $26.00',
      newCheckout([line(NAPKINS)]),
      merchantOn('PATCH', `/v1/products/${NAPKINS}`, { product: { priceData: { price: 26 } } }),
      placeNew(),
    ),
  ),
  orderOf('MEMBERS_ONLY_ITEM', "the Members' Linen Robe (members only), ordered by a visitor", [line(ROBE)]),
  orderOf('FULL_OUT_OF_STOCK', 'the Ceramic Mug (sold out: 0 in stock)', [line(MUG)]),
  orderOf('PARTIAL_OUT_OF_STOCK', 'three of the Linen Table Runner (1 left)', [line(RUNNER, 3)]),
  orderOf('COUPON_CANNOT_BE_USED_TO_PURCHASE_GIFT_CARD', 'the Linen Shop e-Gift Card with coupon SPRING10', [line(GIFT_CARD)], {
    couponCode: 'SPRING10',
  }),
  orderOf(
    'GIFT_CARD_CANNOT_BE_USED_TO_PURCHASE_GIFT_CARD',
    'the Linen Shop e-Gift Card paid with gift card GIFT-2026-0001',
    [line(GIFT_CARD)],
    { giftCardCode: 'GIFT-2026-0001' },
  ),
  orderOf('SUBSCRIPTION_WITH_SEVERAL_LINE_ITEMS', 'the Coffee Subscription (Monthly refill) with the Linen Napkins in the same checkout', [
    subscription,
    line(NAPKINS),
  ]),
  orderOf('SUBSCRIPTION_WITH_GIFT_CARD', 'the Coffee Subscription (Monthly refill) paid with gift card GIFT-2026-0001', [subscription], {
    giftCardCode: 'GIFT-2026-0001',
  }),
  orderOf(
    'SUBSCRIPTION_WITH_ZERO_TOTAL',
    'the Coffee Subscription (Monthly refill) with coupon FIRST-BAG-FREE (100% off)',
    [subscription],
    {
      couponCode: 'FIRST-BAG-FREE',
    },
  ),
  orderOf(
    'NO_SAVE_PAYMENT_METHOD_CONFIRMATION',
    'the Coffee Subscription (Monthly refill) ordered without savePaymentMethod',
    [subscription],
    {},
    {},
  ),
  orderOf(
    'NO_SELECTED_CARRIER_SERVICE_OPTION',
    'the Linen Napkins shipped to an address with no country (no shipping option can serve it)',
    [line(NAPKINS)],
    shipTo({ city: 'New York', addressLine: '235 W 23rd St' }),
  ),
  row(
    'createOrderFromCheckout',
    428,
    'SELECTED_CARRIER_SERVICE_OPTION_NO_LONGER_AVAILABLE',
    request(
      'the checkout left open on 2026-02-18 with the same-day courier, discontinued since 2026-02-20',
      merchantOn('POST', `/v1/checkouts/${STALE_CHECKOUT}/create-order`, SAVE_CARD),
    ),
  ),

  // Carts and orders.
  row(
    'updateCurrentCart',
    404,
    'OWNED_CART_NOT_FOUND',
    request('a visitor who has no cart yet, changing its buyer note', {
      as: 'visitor',
      method: 'PATCH',
      path: '/v1/carts/current',
      body: { cartInfo: { buyerNote: 'Leave at the door' }, cartFieldmask: 'buyerNote' },
    }),
  ),
  row(
    'createOrder',
    428,
    'PURCHASED_DATE_CANNOT_BE_IN_FUTURE',
    request(
      'an order recorded with a purchase date in 2099',
      merchantOn('POST', '/v1/orders', {
        order: {
          lineItems: [
            {
              productName: { original: 'Linen Shirt' },
              catalogReference: { catalogItemId: 'c8539b66-7a44-fe18-affc-afec4be8562a', appId: STORES },
              quantity: 1,
              itemType: { preset: 'PHYSICAL' },
              price: { amount: '49.00' },
            },
          ],
          buyerInfo: { email: 'jane.doe@example.com' },
          paymentStatus: 'NOT_PAID',
          currency: 'USD',
          weightUnit: 'KG',
          taxIncludedInPrices: false,
          priceSummary: { subtotal: { amount: '49.00' }, total: { amount: '49.00' } },
          channelInfo: { type: 'OTHER_PLATFORM' },
          purchasedDate: '2099-01-01T00:00:00.000Z',
        },
      }),
    ),
  ),
  row(
    'preparePaymentCollection',
    428,
    'NO_ASSOCIATED_ECOM_ORDER',
    request(
      "order 10006 (imported from the shop's previous platform)",
      collector(IMPORTED_ORDER, 'prepare-payment-collection', { amount: { amount: '10.00' } }),
    ),
  ),
  row(
    'captureAuthorizedPayments',
    428,
    'NOT_REGULAR_ONLINE_PAYMENT',
    request(
      "order 10007's bank transfer (an offline payment, pending)",
      collector(BANK_TRANSFER_ORDER, 'capture-authorized-payments', { payments: [{ paymentId: BANK_TRANSFER }] }),
    ),
  ),
  row(
    'captureAuthorizedPayments',
    428,
    'PAYMENT_NOT_AUTHORIZED',
    request(
      "order 10008's card payment (PENDING: waiting for the bank's 3-D Secure check)",
      collector(SECURE_CHECK_ORDER, 'capture-authorized-payments', { payments: [{ paymentId: SECURE_CHECK_PAYMENT }] }),
    ),
  ),
  row(
    'voidAuthorizedPayments',
    428,
    'PAYMENT_NOT_AUTHORIZED',
    request(
      "order 10008's card payment (PENDING: waiting for the bank's 3-D Secure check)",
      collector(SECURE_CHECK_ORDER, 'void-authorized-payments', { paymentIds: [SECURE_CHECK_PAYMENT] }),
    ),
  ),
];
