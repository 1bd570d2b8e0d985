import type { FieldViolation } from './api-error';

/** One entry of Prism's `validation` list or `sl-violations` header. */
interface PrismViolation {
  readonly location?: readonly string[];
  readonly code?: string | number;
  readonly message?: string;
}

// Prism reports JSON Schema keywords; the platform names its rules.
const RULE_OF_KEYWORD: Readonly<Record<string, string>> = {
  required: 'REQUIRED_FIELD',
  maxLength: 'MAX_LENGTH',
  minLength: 'MIN_LENGTH',
  maximum: 'MAX',
  minimum: 'MIN',
  exclusiveMaximum: 'MAX',
  exclusiveMinimum: 'MIN',
  maxItems: 'MAX_SIZE',
  minItems: 'MIN_SIZE',
  format: 'FORMAT',
  pattern: 'FORMAT',
  type: 'FORMAT',
  enum: 'INVALID_ENUM_VALUE',
  const: 'INVALID_ENUM_VALUE',
  additionalProperties: 'FIELD_NOT_ALLOWED',
  oneOf: 'ONE_OF_ALIGNMENT',
};

const isViolationList = (value: unknown): value is PrismViolation[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'object' && entry !== null);

const toFieldViolation = (entry: PrismViolation, queryNames: readonly string[]): FieldViolation => {
  // location is ['request'?, 'body' | 'query' | 'path' | 'header', ...segments]: where first, then which field.
  const location = (entry.location ?? []).map(String);
  const where = location[0] === 'request' ? location.slice(1) : location;
  const segments = where.slice(1);
  const message = entry.message ?? 'is invalid';
  const keyword = String(entry.code ?? '');
  const missing = keyword === 'required' ? /property '([^']+)'/.exec(message)?.[1] : undefined;
  if (missing) segments.push(missing);
  const rule = RULE_OF_KEYWORD[keyword] ?? 'VALIDATION';
  let field = segments.join('.');
  if (where[0] === 'query') field = queryNames.find((name) => name.toLowerCase() === field.toLowerCase()) ?? field;
  return {
    field: field || where[0] || 'request',
    description: message,
    violatedRule: rule,
    ruleName: rule,
  };
};

/** The violations of a mock answer: the `sl-violations` header, or the `validation` list of its problem body. */
export const prismViolations = (
  header: string | null,
  body: unknown,
  queryNames: readonly string[] = [],
): FieldViolation[] | undefined => {
  const convert = (entry: PrismViolation) => toFieldViolation(entry, queryNames);
  if (header) {
    try {
      const parsed: unknown = JSON.parse(header);
      if (isViolationList(parsed) && parsed.length > 0) return parsed.map(convert);
    } catch {
      // An unreadable header is ignored; the body may still say what went wrong.
    }
  }
  const list = typeof body === 'object' && body !== null ? (body as { validation?: unknown }).validation : undefined;
  return isViolationList(list) && list.length > 0 ? list.map(convert) : undefined;
};
