// storefront-api/platform: the platform family's operation functions and types. React-free.

export * from '../generated/platform/functions';
export type { components, operations, paths } from '../generated/platform/schema';
