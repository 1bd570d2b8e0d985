// The request validation stage: path, query, header parameters and body against the operation's schemas (the
// family's RequestValidator); a request that breaks them is a 400 listing each field. What passes goes to the
// handler with its query coerced to the schemas' types and its `.r` message decoded.
import { validationFailure } from '../../errors/platform-error';
import type { MockResponse, ParsedRequest, ValidatedRequest } from '../types';

export const validateRequest = (request: ParsedRequest): ValidatedRequest | MockResponse => {
  const { raw, pathParams, search, body } = request;
  const verdict = request.validator.validate(request.operation.operationId, { pathParams, search, headers: raw.headers, body });
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
