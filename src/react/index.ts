// storefront-api/react: the only entry that imports React. Provider, auth state, and one hook per operation of
// both families (queries for reads, mutations for writes, `...Infinite` for paged reads).
export { StorefrontProvider, useStorefrontClient } from './provider';
export { useCursorInfiniteQuery, useOffsetInfiniteQuery } from './infinite';
export { operationKey, type InfiniteHookOptions, type MutationHookOptions, type QueryHookOptions } from './operation-hooks';
export { useShopperAuth, type ShopperAuth } from './use-shopper-auth';
export * from '../../generated/commerce/hooks';
export * from '../../generated/platform/hooks';
