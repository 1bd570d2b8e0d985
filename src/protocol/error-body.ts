// The platform's error body, typed from the shared schemas of the contract (both families generate the same
// shapes), and the message a list of field violations becomes.
import type { components } from '../../generated/commerce/schema';

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

/** Violations in the platform's order: by field. */
export const sortViolations = <V extends Pick<FieldViolation, 'field'>>(violations: readonly V[]): V[] =>
  [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));

/** The platform's message for violations: `INVALID_ARGUMENT: "field" description, ...` sorted by field. */
export const violationMessage = (violations: readonly Pick<FieldViolation, 'field' | 'description'>[]): string =>
  `INVALID_ARGUMENT: ${sortViolations(violations)
    .map((v) => `"${v.field}" ${v.description}`)
    .join(', ')}`;
