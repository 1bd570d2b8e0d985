// Ajv's verdicts in the platform's words: the field path as the platform writes it (dotted, indexes in
// brackets: `lineItems[0].quantity`), the seed's rule names and the rule's `data` as the platform sends it.
// Every violation the mock, the proxy's verdicts and the explorer report is built here or by `fieldViolation`.

import { type FieldViolation, sortViolations } from '../src/protocol';
import { unescapeToken } from './pointer';
import type { ErrorObject } from './schema-compiler';

type Rule = NonNullable<FieldViolation['violatedRule']>;
type Data = FieldViolation['data'];

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

/**
 * The platform's names of the JSON Schema formats the contract uses, as its SDK's wire types tag fields
 * (`@format EMAIL`, `@format GUID`, `@format WEB_URL`, `@format LOCAL_DATE`): a FORMAT violation's `data.type`.
 * The platform's timestamps carry no format tag; `DATE_TIME` names theirs.
 */
const PLATFORM_FORMATS: Readonly<Record<string, string>> = {
  email: 'EMAIL',
  uuid: 'GUID',
  uri: 'WEB_URL',
  date: 'LOCAL_DATE',
  'date-time': 'DATE_TIME',
};

const constantName = (name: string): string => name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();

/** JSON pointer -> platform path: `/lineItems/0/quantity` -> `lineItems[0].quantity`. */
export const fieldPath = (pointer: string): string =>
  pointer
    .split('/')
    .slice(1)
    .map(unescapeToken)
    .reduce((path, token) => (/^\d+$/.test(token) ? `${path}[${token}]` : path ? `${path}.${token}` : token), '');

const join = (path: string, name: string): string => (path ? `${path}.${name}` : name);

/** What a violation says and the rule's data: a bound's `threshold`, a format's `type`, else nothing (`{}`). */
const describe = (error: ErrorObject): { field?: string; description: string; data: Data } => {
  const params = error.params as Record<string, unknown>;
  const threshold = { threshold: Number(params.limit) };
  switch (error.keyword) {
    case 'required':
      if (Array.isArray(params.alternatives)) {
        const alternatives = params.alternatives as string[][];
        const sets = alternatives.map((names) => (names.length === 1 ? names[0] : `(${names.join(' and ')})`));
        return { description: `must have ${sets.join(' or ')}`, data: { alternatives } };
      }
      return { field: String(params.missingProperty), description: 'is required', data: {} };
    case 'dependentRequired':
      return { field: String(params.missingProperty), description: `is required with ${String(params.property)}`, data: {} };
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return { field: String(params.additionalProperty ?? params.unevaluatedProperty), description: 'is not allowed', data: {} };
    case 'maxLength':
      return { description: `must be at most ${String(params.limit)} characters`, data: threshold };
    case 'minLength':
      return { description: `must be at least ${String(params.limit)} characters`, data: threshold };
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return { description: `must be ${String(params.comparison)} ${String(params.limit)}`, data: threshold };
    case 'maxItems':
      return { description: `must have at most ${String(params.limit)} items`, data: threshold };
    case 'minItems':
      return { description: `must have at least ${String(params.limit)} items`, data: threshold };
    case 'format': {
      const format = String(params.format);
      return { description: `must be a valid ${format}`, data: { type: PLATFORM_FORMATS[format] ?? constantName(format) } };
    }
    case 'pattern':
      return {
        description: `must match the pattern ${String(params.pattern)}`,
        data: { type: 'PATTERN', pattern: String(params.pattern) },
      };
    case 'type':
      return {
        description: `must be ${String(params.type).replace(/,/g, ' or ')}`,
        data: { type: constantName(String(params.type).replace(/,/g, ' or ')) },
      };
    case 'enum':
      return { description: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`, data: {} };
    case 'const':
      return { description: `must be ${JSON.stringify(params.allowedValue)}`, data: {} };
    case 'oneOf':
      return { description: 'must match exactly one of its allowed shapes', data: {} };
    case 'anyOf':
      return { description: 'must match one of its allowed shapes', data: {} };
    default:
      return { description: error.message ?? 'is invalid', data: {} };
  }
};

const isUnder = (instancePath: string, location: string): boolean =>
  location === '' || instancePath === location || instancePath.startsWith(`${location}/`);

/** Which branch of a combinator an error came from: its index for an inline branch, the referenced schema otherwise. */
const branchKey = (error: ErrorObject, prefix: string): string => {
  if (error.schemaPath.startsWith(prefix)) return `#${error.schemaPath.slice(prefix.length).split('/')[0] ?? ''}`;
  // Through `$ref`, Ajv reports the path inside the referenced schema: the component names the branch.
  return /^.*?#\/components\/schemas\/[^/]+/.exec(error.schemaPath)?.[0] ?? error.schemaPath;
};

const isChild = (instancePath: string, location: string): boolean =>
  instancePath.startsWith(`${location}/`) && !instancePath.slice(location.length + 1).includes('/');

/** The candidates that pass `test`, when that leaves any; otherwise all of them. */
const narrow = <T>(candidates: T[], test: (candidate: T) => boolean): T[] => {
  if (candidates.length < 2) return candidates;
  const passing = candidates.filter(test);
  return passing.length > 0 ? passing : candidates;
};

interface Settled {
  readonly error: ErrorObject;
  /** The failed combinator's location this error stands for, when a combinator was collapsed into it. */
  readonly from?: string;
}

/**
 * The errors of a failed anyOf/oneOf's branches, found as Ajv writes them: right before the combinator's own
 * error, at or under its location (a branch reached through `$ref` reports paths inside the referenced schema, so
 * the schema path alone cannot tell). A combinator collapsed earlier at the same location is a sibling, not a branch.
 */
const branchErrorsOf = (settled: readonly Settled[], combinator: ErrorObject): number => {
  const prefix = `${combinator.schemaPath}/`;
  // The schema holding the combinator: an error of its other keywords (a sibling `required`) is no branch's.
  const holder = `${combinator.schemaPath.slice(0, combinator.schemaPath.lastIndexOf('/'))}/`;
  let start = settled.length;
  while (start > 0) {
    const previous = settled[start - 1] as Settled;
    const { instancePath, schemaPath } = previous.error;
    if (!isUnder(instancePath, combinator.instancePath)) break;
    const inBranch = schemaPath.startsWith(prefix) || !schemaPath.startsWith(holder);
    if (!inBranch || (previous.from === combinator.instancePath && !schemaPath.startsWith(prefix))) break;
    start--;
  }
  return start;
};

/** When every branch failed only for want of its own required fields, one violation naming the alternatives. */
const missingAlternatives = (combinator: ErrorObject, branches: ReadonlyMap<string, ErrorObject[]>): ErrorObject | undefined => {
  const lists = [...branches.values()];
  const onlyRequired = lists.every((list) =>
    list.every((error) => error.keyword === 'required' && error.instancePath === combinator.instancePath),
  );
  const passing = (combinator.params as { passingSchemas?: unknown }).passingSchemas;
  if (lists.length < 2 || !onlyRequired || Array.isArray(passing)) return undefined;
  const alternatives = lists.map((list) => list.map((error) => String((error.params as { missingProperty?: unknown }).missingProperty)));
  return { ...combinator, keyword: 'required', params: { alternatives } };
};

/**
 * A failed anyOf/oneOf reports every branch's errors. When every branch only misses required fields, the missing
 * alternatives are the violation; when exactly one branch fits the value's shape (the others failed only on the
 * value's type, e.g. `anyOf: [Address, null]`, or only miss the fields that would choose them), its errors are the
 * real ones; otherwise the combinator itself is the one violation.
 */
const collapseAlternatives = (errors: readonly ErrorObject[]): ErrorObject[] => {
  const settled: Settled[] = [];
  for (const error of errors) {
    if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') {
      settled.push({ error });
      continue;
    }
    const start = branchErrorsOf(settled, error);
    const prefix = `${error.schemaPath}/`;
    const byBranch = new Map<string, ErrorObject[]>();
    for (const { error: branchError } of settled.slice(start)) {
      const key = branchKey(branchError, prefix);
      byBranch.set(key, [...(byBranch.get(key) ?? []), branchError]);
    }
    // A branch fits the value unless it failed only on the value's type or only for want of its own fields; among
    // several, the ones whose constant field (a grant type, a kind) the value contradicts are set aside too.
    const fitting = narrow(
      [...byBranch.values()].filter(
        (list) =>
          !['type', 'required'].some((keyword) => list.every((e) => e.keyword === keyword && e.instancePath === error.instancePath)),
      ),
      (list) => !list.some((e) => (e.keyword === 'const' || e.keyword === 'enum') && isChild(e.instancePath, error.instancePath)),
    );
    const missing = missingAlternatives(error, byBranch);
    const kept = missing ? [missing] : fitting.length === 1 ? (fitting[0] ?? []) : [error];
    settled.splice(start, settled.length - start, ...kept.map((k) => ({ error: k, from: error.instancePath })));
  }
  return settled.map(({ error }) => error);
};

/**
 * Ajv errors as platform violations, one per field and rule, sorted by field and bounded in number; `root` names
 * the whole value when it is the culprit.
 */
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
      data,
    };
    const key = `${violation.field}\u0000${rule}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push(violation);
  }
  return sortViolations(violations).slice(0, MAX_VIOLATIONS);
};
