// The reachability table's own rows: how a storefront (or QA) reaches each business refusal the contract declares,
// on named data of the default fixture. A row is a request, a sequence of requests (the last one answers), or,
// only where the platform's cause lies outside anything a storefront can do, a failure forced through
// `/__mock/scenarios` with the reason. Codes every operation shares (401, 403 by role, 404 by id, 400, 415, 500,
// 503) are reached by the generic rules in generic-rows.ts; a row here wins over them.
import { COMMERCE_DATA_ROWS } from './commerce-data-rows';
import { PLATFORM_DATA_ROWS } from './platform-data-rows';

/**
 * Who sends a request: the API key, a visitor or the default member (tokens minted in the row's session), or a
 * stranger holding a token the mock did not issue.
 */
export type Caller = 'merchant' | 'visitor' | 'member' | 'stranger';

export interface Call {
  readonly as: Caller;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path and query; `{0.checkout.id}` takes a value from the answer of step 0. */
  readonly path: string;
  readonly body?: unknown;
  /** A body sent as is with this content type (instead of `body` as JSON). */
  readonly raw?: { readonly contentType: string; readonly text: string };
}

export type How =
  | { readonly request: Call; readonly data: string }
  | { readonly steps: readonly Call[]; readonly data: string }
  | { readonly force: true; readonly reason: string };

export interface ReachRow {
  readonly operation: string;
  readonly status: number;
  readonly code: string;
  readonly how: How;
}

const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const NAPKINS = '5f0c8a1e-2b3d-4c5e-8f9a-0b1c2d3e4f5a';
const OPEN_CHECKOUT = '4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d';
const AUTHORIZED_ORDER = '8f3c2b1a-4d5e-4f6a-9b7c-0d1e2f3a4b5c';
const AUTHORIZED_PAYMENT = '4c3b2a19-0f8e-4d7c-b6a5-9e8d7c6b5a4f';
const PAID_ORDER = '2b1a0f9e-8d7c-4b6a-9584-736251403f2e';
const CAPTURED_PAYMENT = '791db080-2626-48dc-99fc-1292c5e8b804';
const UNPAID_ORDER = '3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d';
const PENDING_ORDER = '4b5c6d7e-8f9a-4b0c-9d1e-2f3a4b5c6d7f';
const REJECTED_ORDER = '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e80';
const ALL_PRODUCTS = '00000000-000000-000000-000000000001';
const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10011', addressLine: '235 W 23rd St' };

const napkins = [{ quantity: 1, catalogReference: { catalogItemId: NAPKINS, appId: STORES } }];
const newCheckout = (extra: Record<string, unknown>) => ({ channelType: 'WEB', lineItems: napkins, ...extra });

const row = (operation: string, status: number, code: string, how: How): ReachRow => ({ operation, status, code, how });
const request = (data: string, call: Call): How => ({ request: call, data });
const steps = (data: string, ...calls: Call[]): How => ({ steps: calls, data });
const force = (reason: string): How => ({ force: true, reason });

/** A discount code refused on the three operations that take one: a new checkout, the open checkout, the merchant's cart. */
const discountCodeRows = (code: string, field: 'couponCode' | 'giftCardCode', value: string, data: string): ReachRow[] => [
  row(
    'createCheckout',
    428,
    code,
    request(data, { as: 'visitor', method: 'POST', path: '/v1/checkouts', body: newCheckout({ [field]: value }) }),
  ),
  row(
    'updateCheckout',
    428,
    code,
    request(data, { as: 'merchant', method: 'PATCH', path: `/v1/checkouts/${OPEN_CHECKOUT}`, body: { checkout: {}, [field]: value } }),
  ),
  ...(field === 'couponCode'
    ? [
        row(
          'updateCurrentCart',
          428,
          code,
          request(data, { as: 'merchant', method: 'PATCH', path: '/v1/carts/current', body: { cartInfo: {}, couponCode: value } }),
        ),
      ]
    : []),
];

const memberCheckout: Call = { as: 'member', method: 'POST', path: '/v1/checkouts', body: newCheckout({}) };
const memberCart: Call = { as: 'member', method: 'POST', path: '/v1/carts/current/add-to-cart', body: { lineItems: napkins } };
const ONCE = 'coupon WELCOME-ONCE (once per customer; the default member Maya used it), as Maya';

const cancel = (order: string): Call => ({ as: 'merchant', method: 'POST', path: `/v1/orders/${order}/cancel`, body: {} });
const updateOrder = (order: string): Call => ({
  as: 'merchant',
  method: 'PATCH',
  path: `/v1/orders/${order}`,
  body: { order: { buyerNote: 'Call before delivery' }, fieldMask: 'buyerNote' },
});
const collect = (order: string, amount: string, extra: Record<string, unknown> = {}): Call => ({
  as: 'merchant',
  method: 'POST',
  path: `/v1/payments-collector/orders/${order}/prepare-payment-collection`,
  body: { amount: { amount }, ...extra },
});
const capture = (order: string, paymentId: string, amount?: string): Call => ({
  as: 'merchant',
  method: 'POST',
  path: `/v1/payments-collector/orders/${order}/capture-authorized-payments`,
  body: { payments: [{ paymentId, ...(amount && { amount: { amount } }) }] },
});
const voidPayment = (order: string, paymentId: string): Call => ({
  as: 'merchant',
  method: 'POST',
  path: `/v1/payments-collector/orders/${order}/void-authorized-payments`,
  body: { paymentIds: [paymentId] },
});
const placeOrder = (checkout: string, as: Caller = 'merchant'): Call => ({
  as,
  method: 'POST',
  path: `/v1/checkouts/${checkout}/create-order`,
  body: {},
});

const MUG = '7d8e9f0a-1b2c-4d3e-9f4a-5b6c7d8e9f0a';
const backInStock: Call = {
  as: 'visitor',
  method: 'POST',
  path: '/v1/back-in-stock-notification-requests',
  body: {
    request: {
      catalogReference: { catalogItemId: MUG, appId: STORES },
      email: 'sam.lee@example.com',
      itemUrl: 'https://shop.example.com/product-page/ceramic-mug',
    },
    itemDetails: { name: 'Ceramic Mug', price: '18.00' },
  },
};

/** Every change of a checkout, refused once the checkout became an order. */
const completedCheckoutRows: readonly ReachRow[] = (
  [
    ['updateCheckout', 'PATCH', '', { checkout: { buyerNote: 'Ring twice' }, fieldMask: 'buyerNote' }],
    ['removeCheckoutCoupon', 'POST', '/remove-coupon', undefined],
    ['removeCheckoutGiftCard', 'POST', '/remove-gift-card', undefined],
    ['removeCheckoutOverrideCheckoutUrl', 'POST', '/remove-override-checkout-url', undefined],
    ['addToCheckout', 'POST', '/add-to-checkout', { lineItems: napkins }],
    ['removeCheckoutLineItems', 'POST', '/remove-line-items', { lineItemIds: ['00000000-0000-0000-0000-000000000002'] }],
    [
      'updateCheckoutLineItemsQuantity',
      'POST',
      '/update-line-items-quantity',
      { lineItems: [{ id: '00000000-0000-0000-0000-000000000001', quantity: 2 }] },
    ],
  ] as const
).map(([operation, method, tail, body]) =>
  row(
    operation,
    428,
    'CHECKOUT_IS_COMPLETE',
    steps('the open checkout, changed after it became an order', placeOrder(OPEN_CHECKOUT), {
      as: 'merchant',
      method,
      path: `/v1/checkouts/${OPEN_CHECKOUT}${tail}`,
      ...(body !== undefined && { body }),
    }),
  ),
);

/** Sign-in and registration refusals the mock plays by the e-mail's local part (mock/auth-scenarios.ts). */
const signIn = (operation: 'loginV2' | 'registerV2', status: number, code: string, local: string, data: string): ReachRow =>
  row(
    operation,
    status,
    code,
    request(`${data} (e-mail ${local}@example.com)`, {
      as: 'visitor',
      method: 'POST',
      path: operation === 'loginV2' ? '/v2/login' : '/v2/register',
      body: { loginId: { email: `${local}@example.com` }, password: 'Str0ng-Passw0rd' },
    }),
  );

const signInRows: readonly ReachRow[] = [
  ...(['loginV2', 'registerV2'] as const).flatMap((operation) => [
    signIn(operation, 400, '-19971', 'no-captcha', 'a sign-in the site guards with a captcha, sent without its token'),
    signIn(operation, 400, '-19970', 'bad-captcha', 'a captcha token the captcha service refuses'),
  ]),
  signIn('loginV2', 401, '-19976', 'wrong-password', 'a wrong password'),
  signIn('loginV2', 403, '-19973', 'reset-password', 'a member the site owner asked to reset the password'),
  signIn('registerV2', 409, '-19995', 'exists', 'an e-mail a member already signs in with'),
];

/** Why the sign-in and registration refusals of the platform's identity service are forced. */
const IDENTITY = 'decided by the identity service from things outside the request';

export const ROWS: readonly ReachRow[] = [
  ...COMMERCE_DATA_ROWS,
  // Coupons and gift cards of the default fixture's settings.
  ...discountCodeRows(
    'ERROR_COUPON_DOES_NOT_EXIST',
    'couponCode',
    'NO-SUCH-COUPON',
    'a coupon code the site does not have (NO-SUCH-COUPON)',
  ),
  ...discountCodeRows('ERROR_COUPON_HAS_EXPIRED', 'couponCode', 'SUMMER-ENDED', 'coupon SUMMER-ENDED (expired 2025-09-01)'),
  ...discountCodeRows('ERROR_COUPON_IS_NOT_ACTIVE_YET', 'couponCode', 'HOLIDAY-SOON', 'coupon HOLIDAY-SOON (starts 2030-12-01)'),
  ...discountCodeRows('ERROR_COUPON_USAGE_EXCEEDED', 'couponCode', 'FIRST100', 'coupon FIRST100 (100 of 100 uses taken)'),
  row(
    'createCheckout',
    428,
    'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED',
    request(ONCE, { as: 'member', method: 'POST', path: '/v1/checkouts', body: newCheckout({ couponCode: 'WELCOME-ONCE' }) }),
  ),
  row(
    'updateCheckout',
    428,
    'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED',
    steps(ONCE, memberCheckout, {
      as: 'member',
      method: 'PATCH',
      path: '/v1/checkouts/{0.checkout.id}',
      body: { checkout: {}, couponCode: 'WELCOME-ONCE' },
    }),
  ),
  row(
    'updateCurrentCart',
    428,
    'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED',
    steps(ONCE, memberCart, {
      as: 'member',
      method: 'PATCH',
      path: '/v1/carts/current',
      body: { cartInfo: {}, couponCode: 'WELCOME-ONCE' },
    }),
  ),
  ...discountCodeRows('GIFT_CARD_NOT_FOUND', 'giftCardCode', 'GIFT-0000-NONE', 'a gift card code the site does not have (GIFT-0000-NONE)'),
  ...discountCodeRows(
    'GIFT_CARD_CODE_INVALID',
    'giftCardCode',
    'GIFT 2026/0001',
    'a code that is no gift card code (GIFT 2026/0001: a space and a slash)',
  ),
  ...discountCodeRows('GIFT_CARD_IS_EMPTY', 'giftCardCode', 'GIFT-EMPTY-0002', 'gift card GIFT-EMPTY-0002 (balance 0.00)'),
  ...discountCodeRows('GIFT_CARD_EXPIRED', 'giftCardCode', 'GIFT-EXPIRED-0003', 'gift card GIFT-EXPIRED-0003 (expired 2025-01-01)'),
  ...discountCodeRows(
    'GIFT_CARD_DISABLED',
    'giftCardCode',
    'GIFT-DISABLED-0004',
    'gift card GIFT-DISABLED-0004 (disabled by the merchant)',
  ),

  // Checkouts.
  row(
    'createCheckoutFromCurrentCart',
    400,
    'INVALID_ARGUMENT',
    steps(
      "a visitor's cart checked out with a shipping address and no email (a visitor must send it)",
      { as: 'visitor', method: 'POST', path: '/v1/carts/current/add-to-cart', body: { lineItems: napkins } },
      { as: 'visitor', method: 'POST', path: '/v1/carts/current/create-checkout', body: { channelType: 'WEB', shippingAddress: NY } },
    ),
  ),
  row(
    'createOrderFromCheckout',
    428,
    'CHECKOUT_ALREADY_PAID',
    steps('the open checkout, ordered twice', placeOrder(OPEN_CHECKOUT), placeOrder(OPEN_CHECKOUT)),
  ),
  row(
    'createOrderFromCheckout',
    428,
    'EMPTY_CHECKOUT',
    steps(
      'the open checkout with both its lines removed',
      {
        as: 'merchant',
        method: 'POST',
        path: `/v1/checkouts/${OPEN_CHECKOUT}/remove-line-items`,
        body: { lineItemIds: ['00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000002'] },
      },
      placeOrder(OPEN_CHECKOUT),
    ),
  ),

  ...completedCheckoutRows,
  row(
    'createBackInStockNotificationRequest',
    409,
    'BACK_IN_STOCK_NOTIFICATION_REQUEST_ALREADY_EXISTS',
    steps('the same address asking twice for the Ceramic Mug', backInStock, backInStock),
  ),
  row(
    'reportItemsBackInStock',
    400,
    'REQUEST_CONTAINS_BOTH_CATALOG_REFERENCE_AND_REQUEST_IDS',
    request("the Ceramic Mug named both by its catalogue reference and by Maya's request id", {
      as: 'merchant',
      method: 'POST',
      path: '/v1/back-in-stock-notification-requests/report-items-back-in-stock',
      body: {
        catalogReference: { catalogItemId: MUG, appId: STORES },
        requestIds: ['4a3b8d2f-0c5e-4f9b-b2d3-6e7f8a9b0c1d'],
        itemDetails: { name: 'Ceramic Mug', price: '18.00' },
      },
    }),
  ),

  // Orders and their payments.
  row(
    'cancelOrder',
    428,
    'ORDER_HAS_AUTHORIZED_TRANSACTION',
    request('order 10001 (card payment authorized, not captured)', cancel(AUTHORIZED_ORDER)),
  ),
  row(
    'cancelOrder',
    428,
    'ORDER_IS_PENDING',
    request('order 10004 (PENDING: the payment provider has not answered)', cancel(PENDING_ORDER)),
  ),
  row('cancelOrder', 428, 'ORDER_IS_REJECTED', request('order 10005 (REJECTED by the payment provider)', cancel(REJECTED_ORDER))),
  row('cancelOrder', 428, 'ORDER_IS_PAID', request('order 10002 (paid)', cancel(PAID_ORDER))),
  row(
    'cancelOrder',
    428,
    'ORDER_ALREADY_CANCELED',
    steps('order 10003 (approved, unpaid), cancelled twice', cancel(UNPAID_ORDER), cancel(UNPAID_ORDER)),
  ),
  row('updateOrder', 428, 'ORDER_IS_PENDING', request('order 10004 (PENDING)', updateOrder(PENDING_ORDER))),
  row('updateOrder', 428, 'ORDER_IS_REJECTED', request('order 10005 (REJECTED)', updateOrder(REJECTED_ORDER))),
  row(
    'preparePaymentCollection',
    428,
    'ORDER_CANCELED',
    steps('order 10003, cancelled, then collected', cancel(UNPAID_ORDER), collect(UNPAID_ORDER, '10.00')),
  ),
  row('preparePaymentCollection', 428, 'ORDER_ALREADY_PAID', request('order 10002 (paid)', collect(PAID_ORDER, '10.00'))),
  row(
    'preparePaymentCollection',
    428,
    'PAYMENT_METHODS_NOT_FOUND',
    request('order 10004 (no card on file)', collect(PENDING_ORDER, '10.00')),
  ),
  row('preparePaymentCollection', 428, 'INVALID_AMOUNT', request('order 10003, more than it costs', collect(UNPAID_ORDER, '9999.00'))),
  row(
    'captureAuthorizedPayments',
    428,
    'INVALID_AMOUNT',
    request('order 10001, more than the payment authorized', capture(AUTHORIZED_ORDER, AUTHORIZED_PAYMENT, '9999.00')),
  ),
  row(
    'captureAuthorizedPayments',
    428,
    'PAYMENT_NOT_FOUND',
    request('order 10001, a payment id it does not have', capture(AUTHORIZED_ORDER, UNPAID_ORDER)),
  ),
  row(
    'voidAuthorizedPayments',
    428,
    'PAYMENT_NOT_FOUND',
    request('order 10001, a payment id it does not have', voidPayment(AUTHORIZED_ORDER, UNPAID_ORDER)),
  ),
  row(
    'captureAuthorizedPayments',
    428,
    'PAYMENT_ALREADY_CAPTURED',
    request("order 10002's approved payment", capture(PAID_ORDER, CAPTURED_PAYMENT)),
  ),
  row(
    'voidAuthorizedPayments',
    428,
    'PAYMENT_ALREADY_CAPTURED',
    request("order 10002's approved payment", voidPayment(PAID_ORDER, CAPTURED_PAYMENT)),
  ),
  row(
    'captureAuthorizedPayments',
    428,
    'PAYMENT_ALREADY_VOIDED',
    steps(
      "order 10001's authorized payment, voided, then captured",
      voidPayment(AUTHORIZED_ORDER, AUTHORIZED_PAYMENT),
      capture(AUTHORIZED_ORDER, AUTHORIZED_PAYMENT),
    ),
  ),
  row(
    'voidAuthorizedPayments',
    428,
    'PAYMENT_ALREADY_VOIDED',
    steps(
      "order 10001's authorized payment, voided twice",
      voidPayment(AUTHORIZED_ORDER, AUTHORIZED_PAYMENT),
      voidPayment(AUTHORIZED_ORDER, AUTHORIZED_PAYMENT),
    ),
  ),

  // Catalogue, members, sign-in.
  ...['addProductsToCollection', 'removeProductsFromCollection'].map((operation) =>
    row(
      operation,
      428,
      'ALL_PRODUCTS_COLLECTION',
      request('the All Products collection', {
        as: 'merchant',
        method: operation === 'addProductsToCollection' ? 'POST' : 'POST',
        path: `/v1/collections/${ALL_PRODUCTS}/productIds${operation === 'addProductsToCollection' ? '' : '/delete'}`,
        body: { productIds: [NAPKINS] },
      }),
    ),
  ),
  row(
    'deleteCollection',
    428,
    'ALL_PRODUCTS_COLLECTION',
    request('the All Products collection', { as: 'merchant', method: 'DELETE', path: `/v1/collections/${ALL_PRODUCTS}` }),
  ),
  row(
    'updateMySlug',
    409,
    'SLUG_ALREADY_EXISTS',
    request("member Daniel's slug dan-g, taken by Maya", {
      as: 'member',
      method: 'POST',
      path: '/v1/members/my/slug',
      body: { slug: 'dan-g' },
    }),
  ),
  row(
    'updateMemberSlug',
    409,
    'SLUG_ALREADY_EXISTS',
    request("Daniel's slug dan-g given to Maya", {
      as: 'merchant',
      method: 'POST',
      path: '/v1/members/5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182/slug',
      body: { slug: 'dan-g' },
    }),
  ),
  row(
    'token',
    400,
    'invalid_grant',
    request('a refresh token the mock did not issue', {
      as: 'visitor',
      method: 'POST',
      path: '/oauth2/token',
      body: { clientId: '4c8f2e1a-9b3d-4f7a-8e6c-1d2b3a4c5e6f', grantType: 'refresh_token', refreshToken: 'not-a-refresh-token' },
    }),
  ),
  ...signInRows,
  row(
    'registerV2',
    409,
    'DUPLICATE_EMAIL',
    force("the identity service's newer spelling of -19995; the mock answers an existing e-mail with -19995, as the login example does"),
  ),
  row(
    'ssoLogin',
    404,
    'NOT_FOUND',
    force("single sign-on connections are the site's identity settings, outside the fixture: the mock redirects for any"),
  ),
  row('registerV2', 403, 'USER_EMAIL_OFAC_ADDRESS', force(`address screening against sanctions lists: ${IDENTITY}`)),
  row(
    'registerV2',
    403,
    'REGISTRATION_TO_EDITORX_NOT_ALLOWED',
    force('registration on an Editor X site is for its editors only: a site setting, not a request'),
  ),
  row('registerV2', 403, 'IP_ADDRESS_FILTERED', force(`the caller's IP address is on the site's block list: ${IDENTITY}`)),
  row('registerV2', 500, 'COULD_NOT_CREATE_SET_ACCOUNT_USER', force('a fault inside the identity service')),
  ...PLATFORM_DATA_ROWS,
];

const PAYMENTS = "decided by the payment provider or the site's payment setup, outside the request";
const CAPTCHA = "the captcha service's verdict (the mock plays its -19970 and -19971 spellings from the e-mail)";

/** Codes whose cause lies outside anything a storefront sends: forced on every operation declaring them. */
export const OUTSIDE_CAUSES: Readonly<Record<string, string>> = {
  CATALOG_V3_CALLING_CATALOG_V1_API: 'the site runs catalog V3, a site setting no request changes',
  THROTTLED_FEATURE: "the identity service throttles the site's sign-ins by rate, not by what one request holds",
  UNIMPLEMENTED_FEATURE: "a registration feature the site's identity service does not offer",
  TRUSTED_CLIENTS_ONLY: `sign-in restricted to trusted clients: ${IDENTITY}`,
  WIX_EMPLOYEE_PASSWORD_LOGIN_NOT_ALLOWED: `an employee account's password sign-in: ${IDENTITY}`,
  REENROLLMENT_REQUIRED_BY_ADMIN: `an administrator's demand on the account: ${IDENTITY}`,
  CAPTCHA_TOKEN_REQUIRED: CAPTCHA,
  INVALID_CAPTCHA_TOKEN: CAPTCHA,
  MISSING_CAPTCHA_TOKEN: CAPTCHA,
  RECAPTCHA_FAILED: CAPTCHA,
  RECAPTCHA_REQUIRED: CAPTCHA,
  PAYMENT_ERROR: PAYMENTS,
  PAYMENT_PROVIDER_IS_NOT_AVAILABLE_ON_SITE: PAYMENTS,
  SITE_NOT_ACCEPTING_PAYMENTS: PAYMENTS,
  SITE_MUST_ACCEPT_PAYMENTS: PAYMENTS,
  CHECKOUT_PAYMENT_ALREADY_IN_PROGRESS: PAYMENTS,
  PAYMENT_GATEWAY_ID_NOT_FOUND: PAYMENTS,
  PAYMENT_HAS_PENDING_CAPTURE: PAYMENTS,
  ORDER_HAS_CHARGEBACKS: 'a chargeback the card issuer files, outside the store',
  REDEEM_GIFT_CARD_ERROR: 'a fault of the gift card provider',
  CALCULATION_ERROR: "a fault of the tax or shipping calculator (a provider's outage)",
  FAILED_TO_RETRIEVE_VALIDATIONS_VIOLATIONS: "a fault of the platform's checkout validation service",
  RECOMMENDATIONS_PROVIDER_NOT_FOUND: "the app providing the algorithm is not installed or does not answer (a provider's outage)",
};
