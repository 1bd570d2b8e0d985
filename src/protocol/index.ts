// The wire protocol, on the ground floor: what client, mock, explorer, generator and spec-model must agree on
// about the wire (error body, violation message, request-id header, base64url, the `.r` envelope, paging,
// status texts, JSON media types, the families). It imports only generated types; everyone above imports it.
export { type Base64Alphabet, decodeBase64Url, decodeBase64UrlText, encodeBase64Url, encodeBase64UrlText } from './base64url';
export { connectionFaultResponse } from './connection-fault-response';
export {
  CONNECTION_FAULTS,
  type ConnectionFault,
  DEFAULT_RETRY_AFTER_SECONDS,
  GATEWAY_STATUSES,
  isConnectionFault,
  RETRY_AFTER_STATUSES,
} from './connection-faults';
export { decodeEnvelope, ENVELOPE_PARAMETER, encodeEnvelope, envelopeText } from './envelope';
export {
  type ApplicationErrorAnswer,
  type ApplicationErrorDetails,
  applicationErrorBody,
  codeOfStatus,
  type ErrorResponse,
  type FieldViolation,
  fieldViolation,
  sortViolations,
  VALIDATION_ERROR_CODE,
  type ValidationErrorDetails,
  type ValidationRule,
  violationMessage,
} from './error-body';
export { FAMILIES, type Family } from './families';
export { isJsonMediaType, JSON_MEDIA_TYPE } from './media-type';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging';
export { newRequestId, REQUEST_ID_HEADER } from './request-id';
export { constantCase, statusText } from './status-text';
