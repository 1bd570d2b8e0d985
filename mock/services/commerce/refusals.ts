// Every application error the commerce services answer, in one catalog: its status, its code (the one the
// spec declares there, the platform's where its SDK names one) and the operations that can answer it. A test
// checks each entry against the spec's declared codes; a refusal raised by an operation its entry does not list
// is the mock's own bug, answered as a 500 so the test that reached it fails.
import { PlatformFailure } from '../../engine/failure';
import type { CallContext, OperationIdOf } from '../../engine/service-table';

type CommerceOperation = OperationIdOf<'commerce'>;

export interface RefusalEntry {
  readonly status: number;
  readonly code: string;
  readonly operations: readonly CommerceOperation[];
}

const CART_LOOKUPS = [
  'getCurrentCart',
  'deleteCurrentCart',
  'removeCurrentCartLineItems',
  'updateCurrentCartLineItemsQuantity',
  'removeCurrentCartCoupon',
  'createCheckoutFromCurrentCart',
  'estimateCurrentCartTotals',
] as const satisfies readonly CommerceOperation[];

/** The operations that read a checkout by its id (or its cart's) and so check who owns it. */
const CHECKOUT_READS = [
  'getCheckout',
  'getCheckoutByCartId',
  'getCheckoutUrl',
  'getCheckoutPaymentSettings',
  'updateCheckout',
  'removeCheckoutCoupon',
  'removeCheckoutGiftCard',
  'removeCheckoutOverrideCheckoutUrl',
  'addToCheckout',
  'removeCheckoutLineItems',
  'updateCheckoutLineItemsQuantity',
  'createOrderFromCheckout',
  'markCheckoutAsCompleted',
] as const satisfies readonly CommerceOperation[];

/** The operations that change an open checkout. */
const CHECKOUT_CHANGES = [
  'updateCheckout',
  'removeCheckoutCoupon',
  'removeCheckoutGiftCard',
  'removeCheckoutOverrideCheckoutUrl',
  'addToCheckout',
  'removeCheckoutLineItems',
  'updateCheckoutLineItemsQuantity',
] as const satisfies readonly CommerceOperation[];

const ORDER_READS = [
  'getOrder',
  'updateOrder',
  'cancelOrder',
  'getPaymentCollectabilityStatus',
  'preparePaymentCollection',
  'captureAuthorizedPayments',
  'voidAuthorizedPayments',
] as const satisfies readonly CommerceOperation[];

const PAYMENT_CHANGES = ['captureAuthorizedPayments', 'voidAuthorizedPayments'] as const satisfies readonly CommerceOperation[];

export const COMMERCE_REFUSALS = {
  backInStockRequestNotFound: {
    status: 404,
    code: 'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND',
    operations: [
      'getBackInStockNotificationRequest',
      'deleteBackInStockNotificationRequest',
      'markBackInStockNotificationRequestAsNotificationSent',
    ],
  },
  backInStockRequestExists: {
    status: 409,
    code: 'BACK_IN_STOCK_NOTIFICATION_REQUEST_ALREADY_EXISTS',
    operations: ['createBackInStockNotificationRequest'],
  },
  catalogReferenceAndRequestIds: {
    status: 400,
    code: 'REQUEST_CONTAINS_BOTH_CATALOG_REFERENCE_AND_REQUEST_IDS',
    operations: ['reportItemsBackInStock'],
  },
  ownedCartNotFound: { status: 404, code: 'OWNED_CART_NOT_FOUND', operations: CART_LOOKUPS },
  checkoutNotFound: { status: 404, code: 'NOT_FOUND', operations: CHECKOUT_READS },
  checkoutOfAnotherBuyer: { status: 403, code: 'PERMISSION_DENIED', operations: CHECKOUT_READS },
  checkoutIsComplete: { status: 428, code: 'CHECKOUT_IS_COMPLETE', operations: CHECKOUT_CHANGES },
  checkoutAlreadyPaid: { status: 428, code: 'CHECKOUT_ALREADY_PAID', operations: ['createOrderFromCheckout'] },
  emptyCheckout: { status: 428, code: 'EMPTY_CHECKOUT', operations: ['createOrderFromCheckout'] },
  orderNotFound: { status: 404, code: 'ORDER_NOT_FOUND', operations: ORDER_READS },
  orderAlreadyCanceled: { status: 428, code: 'ORDER_ALREADY_CANCELED', operations: ['cancelOrder'] },
  orderIsPaid: { status: 428, code: 'ORDER_IS_PAID', operations: ['cancelOrder'] },
  orderCanceled: { status: 428, code: 'ORDER_CANCELED', operations: ['preparePaymentCollection'] },
  orderAlreadyPaid: { status: 428, code: 'ORDER_ALREADY_PAID', operations: ['preparePaymentCollection'] },
  paymentMethodsNotFound: { status: 428, code: 'PAYMENT_METHODS_NOT_FOUND', operations: ['preparePaymentCollection'] },
  invalidAmount: { status: 428, code: 'INVALID_AMOUNT', operations: ['preparePaymentCollection', 'captureAuthorizedPayments'] },
  paymentNotFound: { status: 428, code: 'PAYMENT_NOT_FOUND', operations: PAYMENT_CHANGES },
  paymentNotAuthorized: { status: 428, code: 'PAYMENT_NOT_AUTHORIZED', operations: PAYMENT_CHANGES },
  paymentAlreadyVoided: { status: 428, code: 'PAYMENT_ALREADY_VOIDED', operations: PAYMENT_CHANGES },
  paymentAlreadyCaptured: { status: 428, code: 'PAYMENT_ALREADY_CAPTURED', operations: PAYMENT_CHANGES },
} as const satisfies Record<string, RefusalEntry>;

export type CommerceRefusal = keyof typeof COMMERCE_REFUSALS;

/** The refusal to throw: its status and code from the catalog, for an operation the catalog lists for it. */
export const refusal = (
  context: Pick<CallContext, 'operationId'>,
  kind: CommerceRefusal,
  description: string,
  data?: Record<string, unknown>,
): PlatformFailure => {
  const { status, code, operations } = COMMERCE_REFUSALS[kind] as RefusalEntry;
  if (!operations.includes(context.operationId as CommerceOperation)) {
    throw new Error(`${context.operationId} answered ${status} ${code}, which the commerce refusal catalog does not list for it`);
  }
  return new PlatformFailure(status, code, description, data);
};
