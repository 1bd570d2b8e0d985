// The commerce event types as the platform's SDK declares them (@wix/ecom: onCartUpdated, onCheckoutCompleted,
// onOrderPaymentStatusUpdated...): each its `@eventType`, entity fqdn and `@slug`.

const event = (entityFqdn: string, slug: string) => ({ eventType: `${entityFqdn}_${slug}`, entityFqdn, slug }) as const;

export const CART_EVENTS = {
  created: event('wix.ecom.v1.cart', 'created'),
  updated: event('wix.ecom.v1.cart', 'updated'),
  deleted: event('wix.ecom.v1.cart', 'deleted'),
} as const;

export const CHECKOUT_EVENTS = {
  created: event('wix.ecom.v1.checkout', 'created'),
  updated: event('wix.ecom.v1.checkout', 'updated'),
  completed: event('wix.ecom.v1.checkout', 'completed'),
  deleted: event('wix.ecom.v1.checkout', 'deleted'),
} as const;

export const ORDER_EVENTS = {
  created: event('wix.ecom.v1.order', 'created'),
  updated: event('wix.ecom.v1.order', 'updated'),
  canceled: event('wix.ecom.v1.order', 'canceled'),
  approved: event('wix.ecom.v1.order', 'approved'),
  paymentStatusUpdated: event('wix.ecom.v1.order', 'payment_status_updated'),
} as const;

export const ORDER_TRANSACTIONS_EVENTS = {
  updated: event('wix.ecom.v1.order_transactions', 'updated'),
} as const;

export const BACK_IN_STOCK_EVENTS = {
  created: event('wix.ecom.v1.back_in_stock_notification_request', 'created'),
  updated: event('wix.ecom.v1.back_in_stock_notification_request', 'updated'),
  deleted: event('wix.ecom.v1.back_in_stock_notification_request', 'deleted'),
} as const;
