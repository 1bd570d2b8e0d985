// The payments collector: whether an order's payment can be collected (cancelled, paid, no saved payment
// method), preparing a collection (the mock charges the saved method at once: an approved payment, or an
// authorized one with delayed capture), and capturing or voiding authorized payments. Every change shows in
// the order's transactions and payment status, which the order's transactions read answers.
import { orderPrice, toCents } from '../../computations/money';
import { type CallContext, defineService } from '../../engine/service-table';
import { undeclaredEvent } from '../event-types';
import { COLLECTIONS, saveAndEmit } from '../records';
import type { CommerceSchema } from '../wire-types';
import { type Order, type OrderTransactions, orderOr404, paymentSums, saveOrder, settleOrder, transactionsOf } from './orders';
import { type CommerceCall, type Declaring, refuse } from './refusals';

/** Why a payment that is no longer authorized cannot be captured or voided. */
type PaymentRefusal = 'PAYMENT_ALREADY_VOIDED' | 'PAYMENT_ALREADY_CAPTURED';

type Payment = CommerceSchema<'OrderPayment'>;
type Collectability = NonNullable<CommerceSchema<'PaymentCollectabilityStatusResponse'>['status']>;

// The contract declares no webhook for order transactions; the mock records their changes all the same.
const ORDER_TRANSACTIONS_UPDATED = undeclaredEvent('wix.ecom.v1.order_transactions_updated', 'wix.ecom.v1.order_transactions', 'updated');

/** The collectability statuses the mock tells apart. */
type Noncollectable = Extract<
  Collectability,
  'NONCOLLECTABLE_ORDER_IS_CANCELLED' | 'NONCOLLECTABLE_ORDER_IS_PAID' | 'NONCOLLECTABLE_MISSING_PAYMENT_METHOD'
>;

const collectability = async (
  context: CallContext,
  order: Order,
  transactions: OrderTransactions,
): Promise<{ status: 'COLLECTABLE' | Noncollectable; amountCents: number }> => {
  const sums = paymentSums(transactions);
  const due = Math.max(0, toCents(order.priceSummary?.total?.amount) - sums.approved - sums.authorized);
  if (order.status === 'CANCELED') return { status: 'NONCOLLECTABLE_ORDER_IS_CANCELLED', amountCents: 0 };
  if (order.paymentStatus === 'PAID' || due === 0) return { status: 'NONCOLLECTABLE_ORDER_IS_PAID', amountCents: 0 };
  const method = await context.store.get(COLLECTIONS.paymentMethods, order.id as string);
  if (!method?.savedPaymentMethod) return { status: 'NONCOLLECTABLE_MISSING_PAYMENT_METHOD', amountCents: due };
  return { status: 'COLLECTABLE', amountCents: due };
};

/** Stores the transactions, settles the order on them, and emits the transactions update. */
const commit = async (context: CallContext, order: Order, transactions: OrderTransactions) => {
  await saveAndEmit(
    context,
    COLLECTIONS.orderTransactions,
    transactions,
    ORDER_TRANSACTIONS_UPDATED,
    { updatedEvent: { currentEntity: transactions } },
    order.id as string,
  );
  await saveOrder(context, settleOrder(context, order, transactions));
  return { orderTransactions: transactions };
};

/** Why a payment cannot be captured or voided, by what became of it. */
const NOT_AUTHORIZED: Readonly<Record<string, PaymentRefusal>> = { VOIDED: 'PAYMENT_ALREADY_VOIDED', APPROVED: 'PAYMENT_ALREADY_CAPTURED' };

/** The payments named, each an authorized payment of this order. */
const authorizedPayments = <K extends Declaring<428, PaymentRefusal | 'PAYMENT_NOT_FOUND' | 'PAYMENT_NOT_AUTHORIZED'>>(
  context: CommerceCall<K>,
  transactions: OrderTransactions,
  ids: readonly string[],
): void =>
  ids.forEach((id) => {
    const payment = transactions.payments?.find((candidate) => candidate.id === id);
    if (!payment) throw refuse(context, 428, 'PAYMENT_NOT_FOUND', `${id} is not a payment of the order`, { paymentId: id });
    const status = payment.regularPaymentDetails?.status;
    if (status !== 'AUTHORIZED') {
      throw refuse(
        context,
        428,
        (status && NOT_AUTHORIZED[status]) || 'PAYMENT_NOT_AUTHORIZED',
        `Payment ${id} is ${status ?? 'not a card payment'}: only authorized payments are captured or voided`,
        { paymentId: id },
      );
    }
  });

/** The status a collectability answer gives, as the refusal of a collection. */
const NONCOLLECTABLE: Readonly<Record<Noncollectable, 'ORDER_CANCELED' | 'ORDER_ALREADY_PAID' | 'PAYMENT_METHODS_NOT_FOUND'>> = {
  NONCOLLECTABLE_ORDER_IS_CANCELLED: 'ORDER_CANCELED',
  NONCOLLECTABLE_ORDER_IS_PAID: 'ORDER_ALREADY_PAID',
  NONCOLLECTABLE_MISSING_PAYMENT_METHOD: 'PAYMENT_METHODS_NOT_FOUND',
};

/** The latest instant an ISO 8601 timestamp with a four-digit year can name. */
const LAST_TIMESTAMP = Date.parse('9999-12-31T23:59:59.999Z');

/** `from` plus a delay, no later than the last instant a timestamp can hold (the platform's int32 count of days goes past it). */
const later = (from: string, delayMs: number): string => new Date(Math.min(Date.parse(from) + delayMs, LAST_TIMESTAMP)).toISOString();

const withPayment = (transactions: OrderTransactions, id: string, change: (payment: Payment) => Payment): OrderTransactions => ({
  ...transactions,
  payments: (transactions.payments ?? []).map((payment) => (payment.id === id ? change(payment) : payment)),
});

export const paymentsCollectorOperations = defineService('commerce', {
  listTransactionsForSingleOrder: {
    access: 'merchant',
    async handle(context) {
      const order = await orderOr404(context, context.path.orderId);
      return { body: { orderTransactions: await transactionsOf(context, order.id as string) } };
    },
  },
  getPaymentCollectabilityStatus: {
    access: 'merchant',
    async handle(context) {
      const order = await orderOr404(context, context.path.ecomOrderId);
      const { status, amountCents } = await collectability(context, order, await transactionsOf(context, order.id as string));
      return { body: { status, amount: orderPrice(amountCents, order.currency ?? 'USD') } };
    },
  },
  preparePaymentCollection: {
    access: 'merchant',
    async handle(context) {
      const request = context.body;
      const order = await orderOr404(context, context.path.ecomOrderId);
      // An order imported from another system was never an order of the site's checkout: nothing can collect it.
      if (order.imported === true)
        throw refuse(
          context,
          428,
          'NO_ASSOCIATED_ECOM_ORDER',
          `Order ${order.id} was imported: it has no checkout order to collect a payment for`,
        );
      const transactions = await transactionsOf(context, order.id as string);
      const { status, amountCents } = await collectability(context, order, transactions);
      if (status !== 'COLLECTABLE')
        throw refuse(context, 428, NONCOLLECTABLE[status], `The payment of order ${order.id} cannot be collected: ${status}`);
      const amount = toCents(request.amount.amount);
      if (!(amount > 0 && amount <= amountCents)) {
        throw refuse(
          context,
          428,
          'INVALID_AMOUNT',
          `amount.amount must be more than 0 and at most the ${(amountCents / 100).toFixed(2)} left to pay`,
          { amount: request.amount.amount },
        );
      }
      const delayed = request.delayedCapture === true || request.delayedCaptureSettings !== undefined;
      const now = context.now();
      const gatewayOrderId = request.paymentGatewayOrderId ?? context.newId();
      const duration = request.delayedCaptureSettings?.delayDuration;
      const unitMs = duration?.unit === 'MINUTES' ? 60_000 : duration?.unit === 'HOURS' ? 3_600_000 : 86_400_000;
      const payment: Payment = {
        id: context.newId(),
        createdDate: now,
        updatedDate: now,
        regularPaymentDetails: {
          paymentOrderId: gatewayOrderId,
          gatewayTransactionId: context.newId(),
          paymentMethod: 'CreditCard',
          providerTransactionId: context.newId().replace(/-/g, '').slice(0, 24),
          offlinePayment: false,
          status: delayed ? 'AUTHORIZED' : 'APPROVED',
          savedPaymentMethod: true,
          creditCardDetails: { lastFourDigits: '4242', brand: 'Visa' },
          ...(delayed && {
            authorizationDetails: {
              delayedCapture: true,
              authorizedDate: now,
              captures: [],
              ...(request.delayedCaptureSettings?.scheduledAction && {
                scheduledAction: {
                  actionType: request.delayedCaptureSettings.scheduledAction,
                  executionDate: later(now, (duration?.count ?? 7) * unitMs),
                },
              }),
            },
          }),
        },
        amount: orderPrice(amount, order.currency ?? 'USD'),
        refundDisabled: false,
      };
      await commit(context, order, { ...transactions, payments: [...(transactions.payments ?? []), payment] });
      return { body: { paymentGatewayOrderId: gatewayOrderId } };
    },
  },
  captureAuthorizedPayments: {
    access: 'merchant',
    async handle(context) {
      const { payments } = context.body;
      const order = await orderOr404(context, context.path.ecomOrderId);
      let transactions = await transactionsOf(context, order.id as string);
      for (const { paymentId } of payments) {
        const payment = transactions.payments?.find((candidate) => candidate.id === paymentId);
        if (payment && (payment.giftcardPaymentDetails || payment.regularPaymentDetails?.offlinePayment === true)) {
          throw refuse(
            context,
            428,
            'NOT_REGULAR_ONLINE_PAYMENT',
            `Payment ${paymentId} was not made online: only online card payments are captured`,
            {
              paymentId,
            },
          );
        }
      }
      authorizedPayments(
        context,
        transactions,
        payments.map((p) => p.paymentId ?? ''),
      );
      const now = context.now();
      payments.forEach((wanted, index) => {
        transactions = withPayment(transactions, wanted.paymentId, (payment) => {
          const authorized = toCents(payment.amount?.amount);
          const amount = wanted.amount?.amount === undefined ? authorized : toCents(wanted.amount.amount);
          if (!(amount > 0 && amount <= authorized)) {
            throw refuse(
              context,
              428,
              'INVALID_AMOUNT',
              `payments[${index}].amount.amount must be more than 0 and at most the ${(authorized / 100).toFixed(2)} authorized`,
              { paymentId: wanted.paymentId },
            );
          }
          const details = payment.regularPaymentDetails ?? {};
          return {
            ...payment,
            updatedDate: now,
            regularPaymentDetails: {
              ...details,
              status: 'APPROVED',
              authorizationDetails: {
                ...details.authorizationDetails,
                captures: [
                  ...(details.authorizationDetails?.captures ?? []),
                  { id: context.newId(), status: 'SUCCEEDED', amount: orderPrice(amount, order.currency ?? 'USD'), createdDate: now },
                ],
              },
            },
          };
        });
      });
      return { body: await commit(context, order, transactions) };
    },
  },
  voidAuthorizedPayments: {
    access: 'merchant',
    async handle(context) {
      const { paymentIds } = context.body;
      const order = await orderOr404(context, context.path.ecomOrderId);
      let transactions = await transactionsOf(context, order.id as string);
      authorizedPayments(context, transactions, paymentIds);
      const now = context.now();
      for (const id of paymentIds) {
        transactions = withPayment(transactions, id, (payment) => ({
          ...payment,
          updatedDate: now,
          regularPaymentDetails: {
            ...payment.regularPaymentDetails,
            status: 'VOIDED',
            authorizationDetails: {
              ...payment.regularPaymentDetails?.authorizationDetails,
              void: { status: 'SUCCEEDED', voidedDate: now, reason: 'MANUAL' },
            },
          },
        }));
      }
      return { body: await commit(context, order, transactions) };
    },
  },
});
