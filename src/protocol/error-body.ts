// The platform's error body, typed from the shared schemas of the contract (both families generate the same
// shapes), and the message a list of field violations becomes.
import type { components } from '../../generated/commerce/schema';
import { constantCase, statusText } from './status-text';

type Schemas = components['schemas'];

/** The body of every non-2xx answer: `{ message, details: { applicationError } | { validationError } }`. */
export type ErrorResponse = Schemas['ErrorResponse'];
/** One field that failed validation, as the platform reports it. */
export type FieldViolation = Schemas['FieldViolation'];
/** The kind of rule a field broke (`REQUIRED_FIELD`, `MAX_LENGTH`, ...). */
export type ValidationRule = Schemas['ValidationRule'];
/** A business error of the service: `{ code, description, data }`. */
export type ApplicationErrorDetails = Schemas['ApplicationErrorDetails'];
export type ValidationErrorDetails = Schemas['ValidationErrorDetails'];

// `lineItems[2].quantity` -> ['lineItems', 2, 'quantity']: indexes compare as numbers, so item 2 comes before item 10.
const fieldTokens = (field: string): (string | number)[] =>
  field.split(/[.[\]]+/).flatMap((token): (string | number)[] => (token === '' ? [] : /^\d+$/.test(token) ? [Number(token)] : [token]));

/** Orders field paths as a reader expects: segment by segment, array indexes by number, a parent before its fields. */
export const compareFields = (a: string, b: string): number => {
  const left = fieldTokens(a);
  const right = fieldTokens(b);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const x = left[index] as string | number;
    const y = right[index] as string | number;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return left.length - right.length;
};

/** Violations in the platform's order: by field (stable, so one field's rules keep the order they were found in). */
export const sortViolations = <V extends Pick<FieldViolation, 'field'>>(violations: readonly V[]): V[] =>
  [...violations].sort((a, b) => compareFields(a.field, b.field));

/**
 * One violation as the platform writes it: the rule as both `violatedRule` and `ruleName`, and the rule's `data`
 * (`{ threshold }` for a bound, `{ type }` for a format; empty for a rule without parameters).
 */
export const fieldViolation = (
  field: string,
  description: string,
  rule: ValidationRule,
  data: FieldViolation['data'] = {},
): FieldViolation => ({
  field,
  description,
  violatedRule: rule,
  ruleName: rule,
  data,
});

/**
 * The code of a 400 that carries field violations: the platform's message names it (`INVALID_ARGUMENT: ...`) and
 * every operation's 400 declares it.
 */
export const VALIDATION_ERROR_CODE = 'INVALID_ARGUMENT';

/** The platform's message for violations: `INVALID_ARGUMENT: "field" description, ...` sorted by field. */
export const violationMessage = (violations: readonly Pick<FieldViolation, 'field' | 'description'>[]): string =>
  `${VALIDATION_ERROR_CODE}: ${sortViolations(violations)
    .map((v) => `"${v.field}" ${v.description}`)
    .join(', ')}`;

/**
 * The code of a status when none is given: the platform's generic one where the spec's shared responses name it
 * (spec/shared/responses: `ServiceUnavailable` enumerates UNAVAILABLE, not the status text's SERVICE_UNAVAILABLE),
 * else the status text in CONSTANT_CASE (`PAYLOAD_TOO_LARGE`).
 */
const GENERIC_CODES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export const codeOfStatus = (status: number): string => GENERIC_CODES[status] ?? constantCase(statusText(status));

/** An application error: its status, its code (the status's own by default: codeOfStatus), why, and its data. */
export interface ApplicationErrorAnswer {
  readonly status: number;
  readonly code?: string;
  readonly description: string;
  readonly data?: Record<string, unknown>;
}

/** The platform's body of an application error: `details.applicationError { code, description, data }`, the message being the code. */
export const applicationErrorBody = (failure: ApplicationErrorAnswer): ErrorResponse => {
  const code = failure.code ?? codeOfStatus(failure.status);
  return {
    message: code,
    details: { applicationError: { code, description: failure.description, ...(failure.data && { data: failure.data }) } },
  };
};
