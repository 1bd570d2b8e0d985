// What an order's state forbids before it is changed: a pending or rejected order is neither updated nor cancelled
// (the platform holds it for a payment provider's answer, or has refused it), and an order with an authorized payment
// is not cancelled until that payment is captured or voided (cancelling would leave the buyer's money on hold).
import type { Order, OrderTransactions } from './orders';
import { type CommerceCall, refuse } from './refusals';

/** Refuses a change of a PENDING or REJECTED order with the code the operation declares for it. */
export const refuseHeldOrder = <K extends 'updateOrder' | 'cancelOrder'>(context: CommerceCall<K>, order: Order): void => {
  if (order.status === 'PENDING') {
    throw refuse(context, 428, 'ORDER_IS_PENDING', `Order ${order.id} is PENDING: wait for its payment to be approved or rejected`);
  }
  if (order.status === 'REJECTED')
    throw refuse(context, 428, 'ORDER_IS_REJECTED', `Order ${order.id} is REJECTED: it can no longer change`);
};

/** Refuses cancelling an order while one of its payments is authorized and neither captured nor voided. */
export const refuseAuthorizedPayment = (context: CommerceCall<'cancelOrder'>, order: Order, transactions: OrderTransactions): void => {
  const held = transactions.payments?.find((payment) => (payment.regularPaymentDetails?.status ?? payment.status) === 'AUTHORIZED');
  if (held) {
    throw refuse(
      context,
      428,
      'ORDER_HAS_AUTHORIZED_TRANSACTION',
      `Order ${order.id} has authorized payment ${held.id as string}: capture or void it before cancelling the order`,
      { paymentId: held.id },
    );
  }
};
