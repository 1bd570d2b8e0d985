// storefront-api/commerce: the commerce family's operation functions, query keys and query options, and types. React-free.

export * from '../generated/commerce/functions';
export * from '../generated/commerce/queries';
export type { components, operations, paths } from '../generated/commerce/schema';
export { STORES_APP_ID } from './catalog/stores-app';
