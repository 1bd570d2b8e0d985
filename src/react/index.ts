// storefront-api/react: the only entry that imports React. Provider, auth state, and one hook per operation of
// both families (queries for reads, mutations for writes, `...Infinite` for paged reads).

export * from '../../generated/commerce/hooks';
export * from '../../generated/platform/hooks';
export { useCursorInfiniteQuery, useOffsetInfiniteQuery } from './infinite';
export { type InfiniteHookOptions, type MutationHookOptions, operationKey, type QueryHookOptions } from './operation-hooks';
export { StorefrontProvider, useStorefrontClient } from './provider';
export { type ShopperAuth, useShopperAuth } from './use-shopper-auth';
