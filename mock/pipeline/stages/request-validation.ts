// The request validation stage: path, query, header parameters and body against the operation's schemas (the
// family's RequestValidator), and the `Prefer` header against the statuses and examples the operation declares; a request
// that breaks them is a 400 listing each field. What passes goes to the handler with its query coerced to the
// schemas' types, its `.r` message decoded and its preferences read.
import { type FieldViolation, sortViolations } from '../../../src/protocol';
import { validationFailure } from '../../errors/platform-error';
import { type Preferences, parsePrefer, preferenceViolation } from '../prefer-header';
import { answerWith, enrich, next, type StageResult } from '../stage-result';
import type { ParsedRequest, ValidatedRequest } from '../types';

export interface RequestValidationSettings {
  /** Refuse fields the contract does not declare (MOCK_STRICT), unless a request asks `Prefer: handling=lenient`. */
  readonly strict?: boolean;
  /** The example names each status answers beyond the spec's own (the fixtures' recorded ones). */
  readonly examples?: { names(operationId: string, status: number): readonly string[] } | undefined;
}

export type RequestValidationStage = (request: ParsedRequest) => StageResult<ValidatedRequest>;

const NO_PREFERENCES: Preferences = Object.freeze({});

const readPreferences = (
  request: ParsedRequest,
  settings: RequestValidationSettings,
): { preferences: Preferences } | { violation: FieldViolation } => {
  const header = request.raw.headers.prefer;
  if (header === undefined) return { preferences: NO_PREFERENCES };
  const parsed = parsePrefer(header);
  if (!parsed.ok) return { violation: parsed.violation };
  const { contract, operation } = request;
  const { examples } = settings;
  const answers = examples
    ? contract?.answers.map((answer) => ({
        ...answer,
        examples: [...new Set([...answer.examples, ...examples.names(operation.operationId, answer.status)])],
      }))
    : contract?.answers;
  const violation = answers && preferenceViolation(parsed.preferences, operation.operationId, answers);
  return violation ? { violation } : { preferences: parsed.preferences };
};

export const validateRequest = (request: ParsedRequest, settings: RequestValidationSettings = {}): StageResult<ValidatedRequest> => {
  const { raw, pathParams, search, body } = request;
  const prefer = readPreferences(request, settings);
  const handling = 'preferences' in prefer ? prefer.preferences.handling : undefined;
  const strict = handling === undefined ? settings.strict === true : handling === 'strict';
  const verdict = request.validator.validate(request.operation.operationId, { pathParams, search, headers: raw.headers, body }, { strict });
  if (!verdict.ok || 'violation' in prefer) {
    const violations = [...(verdict.ok ? [] : verdict.violations), ...('violation' in prefer ? [prefer.violation] : [])];
    return answerWith(validationFailure(sortViolations(violations), raw.requestId));
  }
  return next(enrich(request, { query: verdict.query, preferences: prefer.preferences }));
};

export const createRequestValidationStage =
  (settings: RequestValidationSettings): RequestValidationStage =>
  (request) =>
    validateRequest(request, settings);
