// The payments collector: whether an order's payment can be collected (cancelled, paid, no saved payment
// method), preparing a collection (the mock charges the saved method at once: an approved payment, or an
// authorized one with delayed capture), and capturing or voiding authorized payments. Every change shows in
// the order's transactions and payment status.
import { orderPrice, toCents } from '../../computations/money';
import { failedPrecondition, invalidField } from '../../engine/failure';
import { type CallContext, defineService } from '../../engine/service-table';
import { undeclaredEvent } from '../event-types';
import { COLLECTIONS } from '../records';
import type { CommerceSchema } from '../wire-types';
import {
  type Order,
  type OrderTransactions,
  orderOr404,
  type PaymentMethodRecord,
  paymentSums,
  saveOrder,
  settleOrder,
  transactionsOf,
} from './orders';

type Payment = CommerceSchema<'OrderPayment'>;
type Collectability = NonNullable<CommerceSchema<'PaymentCollectabilityStatusResponse'>['status']>;

// The contract declares no webhook for order transactions; the mock records their changes all the same.
const ORDER_TRANSACTIONS_UPDATED = undeclaredEvent('wix.ecom.v1.order_transactions_updated', 'wix.ecom.v1.order_transactions', 'updated');

const collectability = async (
  context: CallContext,
  order: Order,
  transactions: OrderTransactions,
): Promise<{ status: Collectability; amountCents: number }> => {
  const sums = paymentSums(transactions);
  const due = Math.max(0, toCents(order.priceSummary?.total?.amount) - sums.approved - sums.authorized);
  if (order.status === 'CANCELED') return { status: 'NONCOLLECTABLE_ORDER_IS_CANCELLED', amountCents: 0 };
  if (order.paymentStatus === 'PAID' || due === 0) return { status: 'NONCOLLECTABLE_ORDER_IS_PAID', amountCents: 0 };
  const method = await context.store.get<PaymentMethodRecord>(COLLECTIONS.paymentMethods, order.id as string);
  if (!method?.savedPaymentMethod) return { status: 'NONCOLLECTABLE_MISSING_PAYMENT_METHOD', amountCents: due };
  return { status: 'COLLECTABLE', amountCents: due };
};

/** Stores the transactions, settles the order on them, and emits the transactions update. */
const commit = async (context: CallContext, order: Order, transactions: OrderTransactions) => {
  await context.store.put(COLLECTIONS.orderTransactions, order.id as string, transactions);
  context.emit(ORDER_TRANSACTIONS_UPDATED, order.id as string, { updatedEvent: { currentEntity: transactions } });
  await saveOrder(context, settleOrder(context, order, transactions));
  return { orderTransactions: transactions };
};

/** The payments named, each an authorized payment of this order. */
const authorizedPayments = (transactions: OrderTransactions, ids: readonly string[], field: (index: number) => string): void =>
  ids.forEach((id, index) => {
    const payment = transactions.payments?.find((candidate) => candidate.id === id);
    if (!payment) throw invalidField(field(index), `${id} is not a payment of the order`);
    if (payment.regularPaymentDetails?.status !== 'AUTHORIZED') {
      throw failedPrecondition(
        'PAYMENT_NOT_AUTHORIZED',
        `Payment ${id} is ${payment.regularPaymentDetails?.status ?? 'not a card payment'}: only authorized payments are captured or voided`,
      );
    }
  });

const withPayment = (transactions: OrderTransactions, id: string, change: (payment: Payment) => Payment): OrderTransactions => ({
  ...transactions,
  payments: (transactions.payments ?? []).map((payment) => (payment.id === id ? change(payment) : payment)),
});

export const paymentsCollectorOperations = defineService('commerce', {
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
      const transactions = await transactionsOf(context, order.id as string);
      const { status, amountCents } = await collectability(context, order, transactions);
      if (status !== 'COLLECTABLE') throw failedPrecondition(status, `The payment of order ${order.id} cannot be collected: ${status}`);
      const amount = toCents(request.amount.amount);
      if (amount <= 0 || amount > amountCents)
        throw invalidField('amount.amount', `must be more than 0 and at most the ${(amountCents / 100).toFixed(2)} left to pay`, 'MAX');
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
                  executionDate: new Date(Date.parse(now) + (duration?.count ?? 7) * unitMs).toISOString(),
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
      authorizedPayments(
        transactions,
        payments.map((p) => p.paymentId ?? ''),
        (index) => `payments[${index}].paymentId`,
      );
      const now = context.now();
      payments.forEach((wanted, index) => {
        transactions = withPayment(transactions, wanted.paymentId as string, (payment) => {
          const authorized = toCents(payment.amount?.amount);
          const amount = wanted.amount?.amount === undefined ? authorized : toCents(wanted.amount.amount);
          if (amount <= 0 || amount > authorized)
            throw invalidField(
              `payments[${index}].amount.amount`,
              `must be more than 0 and at most the ${(authorized / 100).toFixed(2)} authorized`,
              'MAX',
            );
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
      authorizedPayments(transactions, paymentIds, (index) => `paymentIds[${index}]`);
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
