// Reading and writing the session store's collections by name, the way every service does it: each collection's
// name and the type of its records, declared once (a read is typed by the collection it names).

import type { RecordSchemas } from '../engine/checked-store';
import type { EventType } from '../engine/events';
import type { CallContext, EventBodyOf } from '../engine/service-table';
import type { RecordOf, StoreRecords } from '../engine/store';
import type { CommerceSchema, PlatformSchema, ServerSet, Stored } from './wire-types';

declare module '../engine/store' {
  interface StoreRecords {
    products: Stored<PlatformSchema<'Product'>, 'id' | 'createdDate' | 'lastUpdated'>;
    storeCollections: Stored<PlatformSchema<'StoreCollection'>, 'id'>;
    carts: Stored<CommerceSchema<'Cart'>, ServerSet>;
    currentCarts: { readonly id: string; readonly cartId: string };
    checkouts: Stored<CommerceSchema<'Checkout'>, ServerSet>;
    /** What a checkout keeps that its wire shape has no field for: the codes as entered, the URL override. */
    checkoutExtras: {
      readonly id: string;
      readonly couponCode?: string;
      readonly giftCardCode?: string;
      readonly overrideCheckoutUrl?: string;
    };
    counters: { readonly id: string; readonly value: number };
    orders: Stored<CommerceSchema<'Order'>, ServerSet>;
    orderTransactions: CommerceSchema<'OrderTransactions'>;
    /** orderId -> whether a payment method is saved for it (what the payments collector may charge). */
    paymentMethods: { readonly id: string; readonly savedPaymentMethod: boolean };
    backInStockRequests: Stored<CommerceSchema<'BackInStockNotificationRequest'>, 'id' | 'createdDate'>;
    members: Stored<PlatformSchema<'Member'>, ServerSet>;
    memberLogins: { readonly id: string; readonly memberId: string };
    reviews: Stored<PlatformSchema<'Review'>, ServerSet>;
    files: Stored<PlatformSchema<'FileDescriptor'>, ServerSet>;
  }
}

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

/** The key a record is stored under: its id, which a record to store always has. */
export const idOf = (record: object): string => {
  const id = 'id' in record ? record.id : undefined;
  if (typeof id !== 'string') throw new Error('a record is stored under its id, and this one has none');
  return id;
};

/**
 * Stores a record of the collection under its id (or `id`, for a record kept under another's: an order's
 * transactions) and emits the event of that write, about the same id (the engine sends it once the answer passed
 * its check); answers the record stored. Every write that tells of itself goes through here.
 */
export const saveAndEmit = async <C extends keyof StoreRecords, R extends RecordOf<C>, Type extends EventType>(
  context: CallContext,
  collection: C,
  record: R,
  type: Type,
  body: EventBodyOf<Type>,
  id: string = idOf(record),
): Promise<R> => {
  await context.store.put(collection, id, record);
  context.emit(type, id, body);
  return record;
};
