// How a service refuses a request: thrown, and answered by the engine in the platform's error body. An
// application error is made only by the two refusal catalogs (services/commerce/refusals.ts,
// services/platform/refusals.ts), typed by the codes each operation declares.
import type { FieldViolation } from '../../src/errors/api-error';
import { fieldViolation, type ValidationRule } from '../../src/protocol';

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

export const invalidField = (field: string, description: string, rule: ValidationRule = 'VALIDATION'): ValidationFailure =>
  new ValidationFailure([fieldViolation(field, description, rule)]);
