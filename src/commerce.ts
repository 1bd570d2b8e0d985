// storefront-api/commerce: the commerce family's operation functions and types. React-free.
export type { components, operations, paths } from '../generated/commerce/schema';
export * from '../generated/commerce/functions';
