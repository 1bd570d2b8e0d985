// storefront-api: the client, its errors and paging. React-free.
export { createClient, type FamilyClient, type StorefrontClient } from './client/create-client';
export type { ClientOptions, RetryOptions } from './client/options';
export type { AuthContext, AuthStrategy } from './client/auth-port';
export type { CallOptions, OperationData, OperationInit } from './client/operation-types';
export type { OperationFunction } from './client/operation-function';
export type { Family, HttpMethod, OperationInfo, OperationMeta } from './operations/operation-meta';
export { MAX_QUERY_LENGTH } from './client/long-get';
export {
  ApiError,
  ApplicationError,
  QueryTooLongError,
  SystemError,
  ValidationError,
  type FieldViolation,
} from './errors/api-error';
export { apiKey, noAuth, staticToken } from './auth/simple-strategies';
export {
  DEFAULT_PAGE_SIZE,
  paginateCursor,
  paginateOffset,
  type CursorPage,
  type OffsetPage,
} from './paging/paginate';
