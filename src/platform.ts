// storefront-api/platform: the platform family's operation functions and types. React-free.
export type { components, operations, paths } from '../generated/platform/schema';
export * from '../generated/platform/functions';
