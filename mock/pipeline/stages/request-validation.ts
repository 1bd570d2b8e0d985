// The request validation stage: path, query, header parameters and body against the operation's schemas (the
// family's RequestValidator); a request that breaks them is a 400 listing each field. What passes goes to the
// handler with its query coerced to the schemas' types and its `.r` message decoded.
import { validationFailure } from '../../errors/platform-error';
import { parsePrefer } from '../prefer-header';
import type { MockResponse, ParsedRequest, ValidatedRequest } from '../types';

export interface RequestValidationSettings {
  /** Refuse fields the contract does not declare (MOCK_STRICT), unless a request asks `Prefer: handling=lenient`. */
  readonly strict?: boolean;
}

export type RequestValidationStage = (request: ParsedRequest) => ValidatedRequest | MockResponse;

// A malformed Prefer header is the handler's to answer (it reads the rest of the header); here it changes nothing.
const isStrict = (request: ParsedRequest, settings: RequestValidationSettings): boolean => {
  const prefer = request.raw.headers.prefer === undefined ? undefined : parsePrefer(request.raw.headers.prefer);
  const handling = prefer?.ok ? prefer.preferences.handling : undefined;
  return handling === undefined ? settings.strict === true : handling === 'strict';
};

export const validateRequest = (request: ParsedRequest, settings: RequestValidationSettings = {}): ValidatedRequest | MockResponse => {
  const { raw, pathParams, search, body } = request;
  const verdict = request.validator.validate(
    request.operation.operationId,
    { pathParams, search, headers: raw.headers, body },
    { strict: isStrict(request, settings) },
  );
  if (!verdict.ok) return validationFailure(verdict.violations, raw.requestId);
  return {
    raw,
    method: request.method,
    path: request.path,
    search,
    family: request.family,
    operation: request.operation,
    contract: request.contract,
    validator: request.validator,
    pathParams,
    caller: request.caller,
    body,
    query: verdict.query,
  };
};

export const createRequestValidationStage =
  (settings: RequestValidationSettings): RequestValidationStage =>
  (request) =>
    validateRequest(request, settings);
