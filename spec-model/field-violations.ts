// Ajv's verdicts in the platform's words: the field path as the platform writes it (dotted, indexes in
// brackets: `lineItems[0].quantity`) and the seed's rule names.

import type { FieldViolation } from '../src/protocol';
import { unescapeToken } from './pointer';
import type { ErrorObject } from './schema-compiler';

type Rule = NonNullable<FieldViolation['violatedRule']>;

/** At most this many violations are reported per request: a huge invalid array must not make a huge answer. */
export const MAX_VIOLATIONS = 50;

const RULE_OF_KEYWORD: Readonly<Record<string, Rule>> = {
  required: 'REQUIRED_FIELD',
  dependentRequired: 'REQUIRED_FIELD',
  maxLength: 'MAX_LENGTH',
  minLength: 'MIN_LENGTH',
  maximum: 'MAX',
  exclusiveMaximum: 'MAX',
  minimum: 'MIN',
  exclusiveMinimum: 'MIN',
  maxItems: 'MAX_SIZE',
  maxProperties: 'MAX_SIZE',
  minItems: 'MIN_SIZE',
  minProperties: 'MIN_SIZE',
  format: 'FORMAT',
  pattern: 'FORMAT',
  type: 'FORMAT',
  enum: 'INVALID_ENUM_VALUE',
  const: 'INVALID_ENUM_VALUE',
  additionalProperties: 'FIELD_NOT_ALLOWED',
  unevaluatedProperties: 'FIELD_NOT_ALLOWED',
  oneOf: 'ONE_OF_ALIGNMENT',
};

/** JSON pointer -> platform path: `/lineItems/0/quantity` -> `lineItems[0].quantity`. */
export const fieldPath = (pointer: string): string =>
  pointer
    .split('/')
    .slice(1)
    .map(unescapeToken)
    .reduce((path, token) => (/^\d+$/.test(token) ? `${path}[${token}]` : path ? `${path}.${token}` : token), '');

const join = (path: string, name: string): string => (path ? `${path}.${name}` : name);

const describe = (error: ErrorObject): { field?: string; description: string; data?: Record<string, unknown> } => {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: String(params.missingProperty), description: 'is required' };
    case 'dependentRequired':
      return { field: String(params.missingProperty), description: `is required with ${String(params.property)}` };
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return { field: String(params.additionalProperty ?? params.unevaluatedProperty), description: 'is not allowed' };
    case 'maxLength':
      return { description: `must be at most ${String(params.limit)} characters`, data: { threshold: params.limit } };
    case 'minLength':
      return { description: `must be at least ${String(params.limit)} characters`, data: { threshold: params.limit } };
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return { description: `must be ${String(params.comparison)} ${String(params.limit)}`, data: { threshold: params.limit } };
    case 'maxItems':
      return { description: `must have at most ${String(params.limit)} items`, data: { threshold: params.limit } };
    case 'minItems':
      return { description: `must have at least ${String(params.limit)} items`, data: { threshold: params.limit } };
    case 'format':
      return { description: `must be a valid ${String(params.format)}` };
    case 'pattern':
      return { description: `must match the pattern ${String(params.pattern)}` };
    case 'type':
      return { description: `must be ${String(params.type).replace(/,/g, ' or ')}` };
    case 'enum':
      return { description: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'const':
      return { description: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'oneOf':
      return { description: 'must match exactly one of its allowed shapes' };
    case 'anyOf':
      return { description: 'must match one of its allowed shapes' };
    default:
      return { description: error.message ?? 'is invalid' };
  }
};

const isBranchError = (error: ErrorObject, branchPrefix: string): boolean => error.schemaPath.startsWith(branchPrefix);

/**
 * A failed anyOf/oneOf reports every branch's errors. When exactly one branch fits the value's shape (the others
 * failed only on the value's type, e.g. `anyOf: [Address, null]`), its errors are the real ones; otherwise the
 * combinator itself is the one violation.
 */
const collapseAlternatives = (errors: readonly ErrorObject[]): ErrorObject[] => {
  let remaining = [...errors];
  for (const combinator of errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')) {
    if (!remaining.includes(combinator)) continue;
    const prefix = `${combinator.schemaPath}/`;
    const branchErrors = remaining.filter((e) => isBranchError(e, prefix));
    const byBranch = new Map<string, ErrorObject[]>();
    for (const error of branchErrors) {
      const branch = error.schemaPath.slice(prefix.length).split('/')[0] ?? '';
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), error]);
    }
    const fitting = [...byBranch.values()].filter(
      (list) => !list.every((e) => e.keyword === 'type' && e.instancePath === combinator.instancePath),
    );
    const kept = fitting.length === 1 ? (fitting[0] ?? []) : [combinator];
    remaining = remaining.filter((e) => e !== combinator && !branchErrors.includes(e));
    remaining.push(...kept);
  }
  return remaining;
};

/** Ajv errors as platform violations, one per field and rule; `root` names the whole value when it is the culprit. */
export const toFieldViolations = (errors: readonly ErrorObject[], root: string): FieldViolation[] => {
  const seen = new Set<string>();
  const violations: FieldViolation[] = [];
  for (const error of collapseAlternatives(errors)) {
    const at = fieldPath(error.instancePath);
    const { field, description, data } = describe(error);
    const rule = RULE_OF_KEYWORD[error.keyword] ?? 'VALIDATION';
    const violation: FieldViolation = {
      field: field === undefined ? at || root : join(at, field),
      description,
      violatedRule: rule,
      ruleName: rule,
      ...(data && { data }),
    };
    const key = `${violation.field}\u0000${rule}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push(violation);
    if (violations.length >= MAX_VIOLATIONS) break;
  }
  return violations;
};
