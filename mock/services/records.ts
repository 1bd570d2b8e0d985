// Reading and writing the session store's collections by name, the way every service does it.

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
