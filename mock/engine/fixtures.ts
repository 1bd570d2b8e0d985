// Seed data for a session: named fixtures, each a set of records per store collection plus the site settings
// (currency, tax and shipping rules, coupons, gift cards). Loading them is the adapter's business (files in
// Node, a bundled module under MSW): the engine only receives them.
import type { SessionStore } from './store';

export interface TaxRule {
  /** ISO country code; `*` matches any. */
  readonly country: string;
  /** Subdivision code (`US-NY`); absent: the whole country. */
  readonly subdivision?: string;
  /** Decimal rate as text, e.g. `0.08875`. */
  readonly rate: string;
  readonly name: string;
}

export interface ShippingOption {
  readonly carrierId: string;
  readonly code: string;
  readonly title: string;
  /** Countries served; `*` any. */
  readonly countries: readonly string[];
  readonly price: string;
  /** Free from this subtotal (text amount) on; absent: never free. */
  readonly freeFrom?: string;
  readonly deliveryTime?: string;
  /** A pickup option: the buyer collects at this address. */
  readonly pickupAddress?: Readonly<Record<string, unknown>>;
  /** Instant the site stopped offering the option (ISO 8601); a checkout that selected it before cannot become an order. */
  readonly discontinuedDate?: string;
}

/** A subscription option the merchant assigned to products: buying one of them with it makes the line a subscription. */
export interface SubscriptionOption {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
  readonly interval?: number;
  readonly autoRenewal: boolean;
  readonly productIds: readonly string[];
}

/** Whether the site collects back-in-stock requests for the items of a catalogue app (the platform's collection state). */
export interface BackInStockCollectionState {
  readonly appId: string;
  readonly collectingRequests: boolean;
}

export interface Coupon {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  /** Percent off the subtotal (`percentOff`) or a fixed amount off (`amountOff`, text). */
  readonly percentOff?: number;
  readonly amountOff?: string;
  /** Smallest subtotal the coupon applies to (text amount). */
  readonly minimumSubtotal?: string;
  /** First instant the coupon applies (ISO 8601); before it: ERROR_COUPON_IS_NOT_ACTIVE_YET. */
  readonly startDate?: string;
  /** Instant the coupon stops applying (ISO 8601); from it on: ERROR_COUPON_HAS_EXPIRED. */
  readonly expirationDate?: string;
  /** How many orders may use the coupon in all, and how many have: once reached, ERROR_COUPON_USAGE_EXCEEDED. */
  readonly usageLimit?: number;
  readonly timesUsed?: number;
  /** How many times one buyer may use it, and the member ids that have: ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED. */
  readonly limitPerCustomer?: number;
  readonly usedBy?: readonly string[];
}

export interface GiftCard {
  readonly id: string;
  readonly code: string;
  /** Balance, text amount; `0.00`: GIFT_CARD_IS_EMPTY. */
  readonly balance: string;
  /** Instant the card stops being valid (ISO 8601); from it on: GIFT_CARD_EXPIRED. */
  readonly expirationDate?: string;
  /** Switched off by the merchant: GIFT_CARD_DISABLED. */
  readonly disabled?: boolean;
}

export interface SiteSettings {
  readonly currency: string;
  readonly weightUnit: 'KG' | 'LB';
  readonly taxIncludedInPrices: boolean;
  readonly siteUrl: string;
  /** The member the hosted sign-in page signs in when the browser brings no session token of its own. */
  readonly defaultMemberId?: string;
  readonly taxRules: readonly TaxRule[];
  readonly shippingOptions: readonly ShippingOption[];
  readonly coupons: readonly Coupon[];
  readonly giftCards: readonly GiftCard[];
  /** Products only signed-in members may buy: a visitor's order of one fails with MEMBERS_ONLY_ITEM. */
  readonly membersOnlyProductIds?: readonly string[];
  /** Products sold as gift cards (item type GIFT_CARD): no coupon and no gift card may pay for them. */
  readonly giftCardProductIds?: readonly string[];
  readonly subscriptionOptions?: readonly SubscriptionOption[];
  /** Absent: the site collects requests for Wix Stores items only. */
  readonly backInStockCollectionStates?: readonly BackInStockCollectionState[];
}

export interface Fixture {
  readonly description?: string;
  readonly settings: SiteSettings;
  /** Records by store collection; each record's key is its `id` (`orderId` for orderTransactions). */
  readonly records: Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;
  /**
   * Extra named examples (a proxy recording's answers): operationId -> status -> name -> body, served for
   * `Prefer: example=NAME` beside the spec's own.
   */
  readonly examples?: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, unknown>>>>>>;
}

export const SETTINGS_COLLECTION = 'settings';

declare module './store' {
  interface StoreRecords {
    settings: SiteSettings;
  }
}
export const SETTINGS_ID = 'site';

/** The field that keys each record of a collection. */
export const keyOf = (collection: string): string => (collection === 'orderTransactions' ? 'orderId' : 'id');

/** Writes a fixture into an empty session store; answers how many records each collection got. */
export const seedStore = async (store: SessionStore, fixture: Fixture): Promise<Record<string, number>> => {
  await store.put(SETTINGS_COLLECTION, SETTINGS_ID, fixture.settings);
  const counts: Record<string, number> = {};
  for (const [collection, records] of Object.entries(fixture.records)) {
    const key = keyOf(collection);
    for (const record of records) await store.put(collection, String(record[key]), record);
    counts[collection] = records.length;
  }
  return counts;
};

export const readSettings = async (store: SessionStore): Promise<SiteSettings> => {
  const settings = await store.get(SETTINGS_COLLECTION, SETTINGS_ID);
  if (!settings) throw new Error('the session has no site settings: its fixture was not seeded');
  return settings;
};
