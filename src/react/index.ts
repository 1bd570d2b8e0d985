// storefront-api/react: the only entry that imports React. Provider, auth state, and per operation of both
// families: a hook (queries for reads, mutations for writes), `...Suspense` and, for paged reads, `...Infinite`;
// the React-free keys and query options are here too, for one import.

export * from '../../generated/commerce/hooks';
export * from '../../generated/commerce/queries';
export * from '../../generated/platform/hooks';
export * from '../../generated/platform/queries';
export { useCursorInfiniteQuery, useOffsetInfiniteQuery } from './infinite';
export type {
  InfiniteHookOptions,
  MutationHookOptions,
  QueryHookOptions,
  SuspenseHookOptions,
} from './operation-hooks';
export { StorefrontProvider, useStorefrontClient } from './provider';
export { type ShopperAuth, useShopperAuth } from './use-shopper-auth';
