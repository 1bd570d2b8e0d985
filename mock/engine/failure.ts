// How a service refuses a request: thrown, and answered by the engine in the platform's error body.
import type { FieldViolation } from '../../src/errors/api-error';

/** An application error (`details.applicationError`): not found, permission denied, failed precondition... */
export class PlatformFailure extends Error {
  override readonly name = 'PlatformFailure';
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(`${status} ${code}: ${description}`);
  }
}

/** A validation error (`details.validationError`) the schemas cannot see, e.g. an id that must name a line item of this cart. */
export class ValidationFailure extends Error {
  override readonly name = 'ValidationFailure';
  constructor(readonly violations: readonly FieldViolation[]) {
    super(violations.map((v) => `${v.field} ${v.description}`).join(', '));
  }
}

export const notFound = (what: string, id: string): PlatformFailure => new PlatformFailure(404, 'NOT_FOUND', `${what} ${id} was not found`);

export const permissionDenied = (description: string): PlatformFailure => new PlatformFailure(403, 'PERMISSION_DENIED', description);

/** The state of an entity does not allow the call (the platform's FAILED_PRECONDITION, status 428). */
export const failedPrecondition = (code: string, description: string, data?: Record<string, unknown>): PlatformFailure =>
  new PlatformFailure(428, code, description, data);

export const invalidField = (field: string, description: string, rule: FieldViolation['violatedRule'] = 'VALIDATION'): ValidationFailure =>
  new ValidationFailure([{ field, description, violatedRule: rule, ruleName: rule }]);
