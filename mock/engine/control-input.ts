// What the /__mock/ controls take (bodies, query values, session names), described as JSON Schema and judged by
// spec-model's one compiler, so a control refuses a value as an operation does: each field named once, with the
// rule it breaks (REQUIRED_FIELD, FORMAT, MAX, INVALID_ENUM_VALUE...). Every control answers its refusals here.
import { toFieldViolations } from '../../spec-model/field-violations';
import type { Json, JsonObject } from '../../spec-model/json';
import { SchemaCompiler, type ValidateFunction } from '../../spec-model/schema-compiler';
import { type FieldViolation, fieldViolation, type ValidationRule } from '../../src/protocol';
import { validationFailure } from '../errors/platform-error';
import { parseJsonText } from '../pipeline/parse-json';
import type { MockRequest, MockResponse } from '../pipeline/types';
import { SESSION_NAME } from './identity';

/** A control input the caller got wrong: every violation found, each naming its field once. */
export class ControlInputError extends Error {
  override name = 'ControlInputError';
  readonly violations: readonly FieldViolation[];

  constructor(violations: readonly FieldViolation[]) {
    super(violations.map((violation) => `${violation.field} ${violation.description}`).join('; '));
    this.violations = violations;
  }
}

/** One violation a control finds beyond its schema (a name the mock does not know, a rule across fields). */
export const controlViolation = (field: string, rule: ValidationRule, description: string): ControlInputError =>
  new ControlInputError([fieldViolation(field, description, rule)]);

const DOCUMENT_ID = 'mock-controls';
let compiler: SchemaCompiler | undefined;

/** The compiler of the controls' schemas, made on the first control call (most runs never make one). */
const controlCompiler = (): SchemaCompiler => {
  if (!compiler) {
    compiler = new SchemaCompiler();
    compiler.register(DOCUMENT_ID, { components: {} }, 'request');
  }
  return compiler;
};

const validators = new WeakMap<JsonObject, ValidateFunction>();

/**
 * `value` when `schema` accepts it; otherwise throws every violation, named under `field` (the whole value's
 * name, `''` for a body whose fields name themselves).
 */
export const checkControlInput = <T>(schema: JsonObject, value: unknown, field: string): T => {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = controlCompiler().compile(schema, DOCUMENT_ID)));
  if (validate(value)) return value as T;
  const violations = toFieldViolations(validate.errors ?? [], field || 'body').map((violation) => ({
    ...violation,
    field: field && violation.field !== field ? `${field}.${violation.field}` : violation.field,
  }));
  throw new ControlInputError(violations);
};

/** A session name: 1 to 100 letters, digits or `._:-`. */
export const SESSION_SCHEMA: JsonObject = { type: 'string', pattern: SESSION_NAME.source };

/** A session named by `field`, or undefined when it is left out (absent, null or empty). */
export const sessionInput = (value: unknown, field: string): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : checkControlInput<string>(SESSION_SCHEMA, value, field);

const described = new Map<string, JsonObject>();

/**
 * The schema of `key`, made once: a schema is compiled once per object, so a control must not describe the same
 * input with a new object on every call.
 */
const schemaFor = (key: string, make: () => JsonObject): JsonObject => {
  let schema = described.get(key);
  if (!schema) described.set(key, (schema = make()));
  return schema;
};

/** An integer from `minimum` to `maximum`. */
export const integerSchema = (minimum: number, maximum: number): JsonObject =>
  schemaFor(`integer ${minimum} ${maximum}`, () => ({ type: 'integer', minimum, maximum }));

/** An object whose required `field` is one of `values`. */
export const oneOfSchema = (field: string, values: readonly string[]): JsonObject =>
  schemaFor(`one of ${field} ${JSON.stringify(values)}`, () => ({
    type: 'object',
    required: [field],
    properties: { [field]: { enum: [...values] } },
  }));

/** An integer query value (`limit=5`), or undefined when the query leaves it out. */
export const queryIntegerInput = (text: string | null, field: string, minimum: number, maximum: number): number | undefined =>
  text === null ? undefined : checkControlInput<number>(integerSchema(minimum, maximum), /^-?\d+$/.test(text) ? Number(text) : text, field);

const OBJECT_SCHEMA: JsonObject = { type: 'object' };

/** A control's JSON body as an object (`{}` when none was sent): not JSON, or not an object, names `body`. */
export const controlBody = (request: MockRequest): Record<string, Json> => {
  if (request.body.length === 0) return {};
  const parsed = parseJsonText(new TextDecoder().decode(request.body));
  if (!parsed.ok) throw controlViolation('body', 'FORMAT', parsed.reason);
  return checkControlInput<Record<string, Json>>(OBJECT_SCHEMA, parsed.value, 'body');
};

/** The platform's 400 for a control input error; undefined for any other error (the caller rethrows it). */
export const controlRefusal = (error: unknown, requestId: string): MockResponse | undefined =>
  error instanceof ControlInputError ? validationFailure(error.violations, requestId) : undefined;
