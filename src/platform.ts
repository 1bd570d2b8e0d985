// storefront-api/platform: the platform family's operation functions, query keys and query options, and types. React-free.

export * from '../generated/platform/functions';
export * from '../generated/platform/queries';
export type { components, operations, paths } from '../generated/platform/schema';
