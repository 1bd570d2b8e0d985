// Every application error the commerce services answer, in one catalog: its status, its code (the one the
// spec declares there, the platform's where its SDK names one) and the operations that can answer it. Each entry
// is bounded by the generated answers: an operation listed for a status and code it does not declare is a
// compile error, and so is a refusal raised for an operation its entry does not list (a helper shared by several
// operations names them in its type parameter's bound). A test checks each entry against the spec once more.
import { PlatformFailure } from '../../engine/failure';
import type { CallContext, OperationIdOf } from '../../engine/service-table';
import type { Declaring } from '../declared-codes';

type CommerceOperation = OperationIdOf<'commerce'>;

export interface RefusalEntry {
  readonly status: number;
  readonly code: string;
  readonly operations: readonly CommerceOperation[];
}

/** A catalog entry: every operation it lists declares `code` at `status` (else a compile error at that operation). */
export const catalogEntry = <S extends number, C extends string, const K extends Declaring<'commerce', S, C>>(
  status: S,
  code: C,
  operations: readonly K[],
) => ({ status, code, operations }) as const;

const CART_LOOKUPS = [
  'getCurrentCart',
  'deleteCurrentCart',
  'removeCurrentCartLineItems',
  'updateCurrentCartLineItemsQuantity',
  'removeCurrentCartCoupon',
  'createCheckoutFromCurrentCart',
  'estimateCurrentCartTotals',
] as const satisfies readonly CommerceOperation[];

/** The operations that change an open checkout. */
export const CHECKOUT_CHANGES = [
  'updateCheckout',
  'removeCheckoutCoupon',
  'removeCheckoutGiftCard',
  'removeCheckoutOverrideCheckoutUrl',
  'addToCheckout',
  'removeCheckoutLineItems',
  'updateCheckoutLineItemsQuantity',
] as const satisfies readonly CommerceOperation[];

/** The operations that read a checkout by its id (or its cart's) and so check who owns it. */
const CHECKOUT_READS = [
  'getCheckout',
  'getCheckoutByCartId',
  'getCheckoutUrl',
  'getCheckoutPaymentSettings',
  ...CHECKOUT_CHANGES,
  'createOrderFromCheckout',
  'markCheckoutAsCompleted',
] as const satisfies readonly CommerceOperation[];

const ORDER_READS = [
  'getOrder',
  'updateOrder',
  'cancelOrder',
  'getPaymentCollectabilityStatus',
  'preparePaymentCollection',
  'captureAuthorizedPayments',
  'voidAuthorizedPayments',
  'listTransactionsForSingleOrder',
] as const satisfies readonly CommerceOperation[];

const PAYMENT_CHANGES = ['captureAuthorizedPayments', 'voidAuthorizedPayments'] as const satisfies readonly CommerceOperation[];

export const COMMERCE_REFUSALS = {
  backInStockRequestNotFound: catalogEntry(404, 'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND', [
    'getBackInStockNotificationRequest',
    'deleteBackInStockNotificationRequest',
    'markBackInStockNotificationRequestAsNotificationSent',
  ]),
  backInStockRequestExists: catalogEntry(409, 'BACK_IN_STOCK_NOTIFICATION_REQUEST_ALREADY_EXISTS', [
    'createBackInStockNotificationRequest',
  ]),
  catalogReferenceAndRequestIds: catalogEntry(400, 'REQUEST_CONTAINS_BOTH_CATALOG_REFERENCE_AND_REQUEST_IDS', ['reportItemsBackInStock']),
  ownedCartNotFound: catalogEntry(404, 'OWNED_CART_NOT_FOUND', [...CART_LOOKUPS, 'updateCurrentCart']),
  checkoutNotFound: catalogEntry(404, 'NOT_FOUND', CHECKOUT_READS),
  checkoutOfAnotherBuyer: catalogEntry(403, 'PERMISSION_DENIED', CHECKOUT_READS),
  checkoutIsComplete: catalogEntry(428, 'CHECKOUT_IS_COMPLETE', CHECKOUT_CHANGES),
  couponDoesNotExist: catalogEntry(428, 'ERROR_COUPON_DOES_NOT_EXIST', ['createCheckout', 'updateCheckout', 'updateCurrentCart']),
  couponHasExpired: catalogEntry(428, 'ERROR_COUPON_HAS_EXPIRED', ['createCheckout', 'updateCheckout', 'updateCurrentCart']),
  couponNotActiveYet: catalogEntry(428, 'ERROR_COUPON_IS_NOT_ACTIVE_YET', ['createCheckout', 'updateCheckout', 'updateCurrentCart']),
  couponUsageExceeded: catalogEntry(428, 'ERROR_COUPON_USAGE_EXCEEDED', ['createCheckout', 'updateCheckout', 'updateCurrentCart']),
  couponLimitPerCustomer: catalogEntry(428, 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED', [
    'createCheckout',
    'updateCheckout',
    'updateCurrentCart',
  ]),
  giftCardNotFound: catalogEntry(428, 'GIFT_CARD_NOT_FOUND', ['createCheckout', 'updateCheckout']),
  giftCardCodeInvalid: catalogEntry(428, 'GIFT_CARD_CODE_INVALID', ['createCheckout', 'updateCheckout']),
  giftCardIsEmpty: catalogEntry(428, 'GIFT_CARD_IS_EMPTY', ['createCheckout', 'updateCheckout']),
  giftCardExpired: catalogEntry(428, 'GIFT_CARD_EXPIRED', ['createCheckout', 'updateCheckout']),
  giftCardDisabled: catalogEntry(428, 'GIFT_CARD_DISABLED', ['createCheckout', 'updateCheckout']),
  shippingOptionNotFound: catalogEntry(428, 'SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND', ['createCheckout', 'updateCheckout']),
  shippingOptionInvalid: catalogEntry(428, 'INVALID_SELECTED_CARRIER_SERVICE_OPTION', ['createCheckout', 'updateCheckout']),
  checkoutAlreadyPaid: catalogEntry(428, 'CHECKOUT_ALREADY_PAID', ['createOrderFromCheckout']),
  checkoutChanged: catalogEntry(428, 'CHECKOUT_CHANGED', ['createOrderFromCheckout']),
  lineViolations: catalogEntry(428, 'VIOLATIONS_WITH_ERROR_SEVERITY', ['createOrderFromCheckout']),
  membersOnlyItem: catalogEntry(428, 'MEMBERS_ONLY_ITEM', ['createOrderFromCheckout']),
  fullOutOfStock: catalogEntry(428, 'FULL_OUT_OF_STOCK', ['createOrderFromCheckout']),
  partialOutOfStock: catalogEntry(428, 'PARTIAL_OUT_OF_STOCK', ['createOrderFromCheckout']),
  noShippingOption: catalogEntry(428, 'NO_SELECTED_CARRIER_SERVICE_OPTION', ['createOrderFromCheckout']),
  shippingOptionGone: catalogEntry(428, 'SELECTED_CARRIER_SERVICE_OPTION_NO_LONGER_AVAILABLE', ['createOrderFromCheckout']),
  couponForGiftCard: catalogEntry(428, 'COUPON_CANNOT_BE_USED_TO_PURCHASE_GIFT_CARD', ['createOrderFromCheckout']),
  giftCardForGiftCard: catalogEntry(428, 'GIFT_CARD_CANNOT_BE_USED_TO_PURCHASE_GIFT_CARD', ['createOrderFromCheckout']),
  subscriptionWithSeveralLines: catalogEntry(428, 'SUBSCRIPTION_WITH_SEVERAL_LINE_ITEMS', ['createOrderFromCheckout']),
  subscriptionWithGiftCard: catalogEntry(428, 'SUBSCRIPTION_WITH_GIFT_CARD', ['createOrderFromCheckout']),
  subscriptionWithZeroTotal: catalogEntry(428, 'SUBSCRIPTION_WITH_ZERO_TOTAL', ['createOrderFromCheckout']),
  noSavePaymentMethodConfirmation: catalogEntry(428, 'NO_SAVE_PAYMENT_METHOD_CONFIRMATION', ['createOrderFromCheckout']),
  requestCollectionDisabled: catalogEntry(428, 'REQUEST_COLLECTION_DISABLED', ['createBackInStockNotificationRequest']),
  purchasedDateInFuture: catalogEntry(428, 'PURCHASED_DATE_CANNOT_BE_IN_FUTURE', ['createOrder']),
  noAssociatedEcomOrder: catalogEntry(428, 'NO_ASSOCIATED_ECOM_ORDER', ['preparePaymentCollection']),
  notRegularOnlinePayment: catalogEntry(428, 'NOT_REGULAR_ONLINE_PAYMENT', ['captureAuthorizedPayments']),
  emptyCheckout: catalogEntry(428, 'EMPTY_CHECKOUT', ['createOrderFromCheckout']),
  orderNotFound: catalogEntry(404, 'ORDER_NOT_FOUND', ORDER_READS),
  orderAlreadyCanceled: catalogEntry(428, 'ORDER_ALREADY_CANCELED', ['cancelOrder']),
  orderIsPaid: catalogEntry(428, 'ORDER_IS_PAID', ['cancelOrder']),
  orderIsPending: catalogEntry(428, 'ORDER_IS_PENDING', ['updateOrder', 'cancelOrder']),
  orderIsRejected: catalogEntry(428, 'ORDER_IS_REJECTED', ['updateOrder', 'cancelOrder']),
  orderHasAuthorizedTransaction: catalogEntry(428, 'ORDER_HAS_AUTHORIZED_TRANSACTION', ['cancelOrder']),
  orderCanceled: catalogEntry(428, 'ORDER_CANCELED', ['preparePaymentCollection']),
  orderAlreadyPaid: catalogEntry(428, 'ORDER_ALREADY_PAID', ['preparePaymentCollection']),
  paymentMethodsNotFound: catalogEntry(428, 'PAYMENT_METHODS_NOT_FOUND', ['preparePaymentCollection']),
  invalidAmount: catalogEntry(428, 'INVALID_AMOUNT', ['preparePaymentCollection', 'captureAuthorizedPayments']),
  paymentNotFound: catalogEntry(428, 'PAYMENT_NOT_FOUND', PAYMENT_CHANGES),
  paymentNotAuthorized: catalogEntry(428, 'PAYMENT_NOT_AUTHORIZED', PAYMENT_CHANGES),
  paymentAlreadyVoided: catalogEntry(428, 'PAYMENT_ALREADY_VOIDED', PAYMENT_CHANGES),
  paymentAlreadyCaptured: catalogEntry(428, 'PAYMENT_ALREADY_CAPTURED', PAYMENT_CHANGES),
} as const satisfies Record<string, RefusalEntry>;

export type CommerceRefusal = keyof typeof COMMERCE_REFUSALS;

type OperationsOf<R extends CommerceRefusal> = (typeof COMMERCE_REFUSALS)[R]['operations'][number];

/** The refusals the catalog lists for operation `K`. */
type RefusalsOf<K extends CommerceOperation> = { [R in CommerceRefusal]: K extends OperationsOf<R> ? R : never }[CommerceRefusal];

/** The operations the catalog lists for every refusal of `R` (one, or each of a union). */
export type Refusing<R extends CommerceRefusal> = {
  [K in CommerceOperation]: [R] extends [RefusalsOf<K>] ? K : never;
}[CommerceOperation];

/** The context of a call of operation `K` (a helper's calls carry the operation it works for). */
export type CommerceCall<K extends CommerceOperation> = CallContext & { readonly operationId: K };

/** The refusal to throw, with its status and code from the catalog: a compile error unless it lists the operation. */
export const refusal = <R extends CommerceRefusal, K extends Refusing<R>>(
  _context: { readonly operationId: K },
  kind: R,
  description: string,
  data?: Record<string, unknown>,
): PlatformFailure => {
  const { status, code } = COMMERCE_REFUSALS[kind] as RefusalEntry;
  return new PlatformFailure(status, code, description, data);
};
