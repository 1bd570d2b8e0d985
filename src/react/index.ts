export { StorefrontProvider, useStorefrontClient } from './provider';
export { useCursorInfiniteQuery, useOffsetInfiniteQuery } from './infinite';
export type { ErrorType } from './mutator';
export { useShopperAuth, type ShopperAuth } from './use-shopper-auth';
