export { StorefrontProvider, useStorefrontClient } from './provider';
export { useCursorInfiniteQuery, useOffsetInfiniteQuery } from './infinite';
export type { ErrorType } from './mutator';
