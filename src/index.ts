// storefront-api: the client, its errors and paging. React-free.

export { apiKey, noAuth, staticToken } from './auth/simple-strategies';
export type { AuthContext, AuthStrategy } from './client/auth-port';
export { createClient, type FamilyClient, type StorefrontClient } from './client/create-client';
export { MAX_QUERY_LENGTH } from './client/long-get';
export type { OperationFunction } from './client/operation-function';
export type { CallOptions, OperationData, OperationInit } from './client/operation-types';
export type { ClientOptions, RetryOptions } from './client/options';
export {
  ApiError,
  ApplicationError,
  type FieldViolation,
  QueryTooLongError,
  SystemError,
  ValidationError,
} from './errors/api-error';
export { type CodedError, type CodesOf, isApiError, type OperationError } from './errors/operation-error';
export type { Family, HttpMethod, OperationInfo, OperationMeta } from './operations/operation-meta';
export {
  type CursorPage,
  DEFAULT_PAGE_SIZE,
  type OffsetPage,
  paginateCursor,
  paginateOffset,
} from './paging/paginate';
export { type ResettableQueries, resetOnIdentityChange } from './query/identity-reset';
export type {
  AskedKeyPart,
  InfinitePaging,
  OperationInfiniteQueryOptions,
  OperationQueryKey,
  OperationQueryOptions,
  QueryKeyOf,
  TypedQueryKey,
} from './query/query-options';
