export { createClient, type StorefrontClient } from './client/create-client';
export type { ClientOptions, Family } from './client/options';
export type { OperationInfo } from './client/operation-entry';
export { MAX_QUERY_LENGTH } from './client/long-get';
export {
  ApiError,
  ApplicationError,
  QueryTooLongError,
  SystemError,
  ValidationError,
  type FieldViolation,
} from './errors/api-error';
export { apiKey, noAuth, staticToken, type AuthContext, type AuthStrategy } from './auth/strategy';
export {
  DEFAULT_PAGE_SIZE,
  paginateCursor,
  paginateOffset,
  type CursorPage,
  type OffsetPage,
} from './paging/paginate';
