// storefront-api/commerce: the commerce family's operation functions and types. React-free.

export * from '../generated/commerce/functions';
export type { components, operations, paths } from '../generated/commerce/schema';
