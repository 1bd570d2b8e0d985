// Reading and writing the session store's collections by name, the way every service does it.
import type { RecordSchemas } from '../engine/checked-store';

/** The store collections of the services (fixtures use the same names). */
export const COLLECTIONS = {
  products: 'products',
  storeCollections: 'storeCollections',
  carts: 'carts',
  /** owner id (visitor, member or site owner) -> { id, cartId }: each identity's current cart. */
  currentCarts: 'currentCarts',
  checkouts: 'checkouts',
  orders: 'orders',
  /** keyed by orderId. */
  orderTransactions: 'orderTransactions',
  /** orderId -> { id, savedPaymentMethod }: what the payments collector may charge. */
  paymentMethods: 'paymentMethods',
  backInStockRequests: 'backInStockRequests',
  members: 'members',
  /** login e-mail -> { id, memberId }. */
  memberLogins: 'memberLogins',
  reviews: 'reviews',
  files: 'files',
} as const;

/**
 * The component schema of each collection's records, as the operations answer them: what a write stores must be
 * what a read may answer (the engine refuses to store a record that breaks it). The collections left out are the
 * services' own indexes, which no operation answers.
 */
export const RECORD_SCHEMAS = {
  products: { family: 'platform', component: 'Product', field: 'product' },
  storeCollections: { family: 'platform', component: 'StoreCollection', field: 'collection' },
  carts: { family: 'commerce', component: 'Cart', field: 'cart' },
  checkouts: { family: 'commerce', component: 'Checkout', field: 'checkout' },
  orders: { family: 'commerce', component: 'Order', field: 'order' },
  orderTransactions: { family: 'commerce', component: 'OrderTransactions', field: 'orderTransactions' },
  backInStockRequests: { family: 'commerce', component: 'BackInStockNotificationRequest', field: 'request' },
  members: { family: 'platform', component: 'Member', field: 'member' },
  reviews: { family: 'platform', component: 'Review', field: 'review' },
  files: { family: 'platform', component: 'FileDescriptor', field: 'file' },
} as const satisfies RecordSchemas;
