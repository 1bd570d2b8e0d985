// Requests of an operation built from its schemas (path and query parameters, the `.r` message, the JSON body),
// and the single mutations that make one invalid, each naming the field the mock must name in its 400.
import fc from 'fast-check';
import { alternativesOf, flattenSchema, type SchemaArbitraries } from '../../scripts/harness/schema-arbitrary';
import type { BundledDocument, Operation, Parameter } from '../../spec-model/document';
import { exampleRequest } from '../../spec-model/examples';
import type { Json, JsonObject } from '../../spec-model/json';
import { encodeEnvelope, serializeQuery } from '../../src/client/serialize';

export interface GeneratedRequest {
  readonly path: Readonly<Record<string, string>>;
  /** Plain query parameters by name; an encoded message (`.r`) by its parameter's name, as the message. */
  readonly query: Readonly<Record<string, Json>>;
  readonly body: Json | undefined;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The message schema of a parameter that carries an encoded JSON message (the platform's `.r`). */
export const encodedSchemaOf = (parameter: Parameter): JsonObject | undefined => {
  const schema = parameter.schema;
  return schema && typeof schema.contentEncoding === 'string' && isObject(schema.contentSchema) ? schema.contentSchema : undefined;
};

export const bodySchemaOf = (operation: Operation): JsonObject | undefined => operation.requestBody?.content?.['application/json']?.schema;

/**
 * Requests valid by the operation's schemas. A path parameter is its example about half the time (an entity
 * the fixtures hold) and a generated value otherwise.
 */
export const requestArbitrary = (arbitraries: SchemaArbitraries, operation: Operation): fc.Arbitrary<GeneratedRequest> => {
  const example = exampleRequest(operation);
  const path = Object.fromEntries(
    operation.parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => {
        const generated = arbitraries
          .of(parameter.schema)
          .map(String)
          .filter((text) => text.length > 0);
        const known = example.path[parameter.name];
        return [parameter.name, known === undefined ? generated : fc.oneof(fc.constant(known), generated)];
      }),
  );
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const query = fc.record(
    Object.fromEntries(
      queryParameters.map((parameter) => [parameter.name, arbitraries.of(encodedSchemaOf(parameter) ?? parameter.schema)]),
    ),
    { requiredKeys: queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
  );
  const schema = bodySchemaOf(operation);
  const body =
    schema === undefined
      ? fc.constant(undefined)
      : operation.requestBody?.required
        ? arbitraries.of(schema)
        : fc.option(arbitraries.of(schema), { nil: undefined });
  return fc.record({ path: fc.record(path), query, body }) as fc.Arbitrary<GeneratedRequest>;
};

/** The request target: the path filled in and percent-encoded, plain parameters flat, a message as `.r`. */
export const targetOf = (operation: Operation, request: GeneratedRequest): string => {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(request.path[name] ?? ''));
  const flat: Record<string, unknown> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const value = request.query[parameter.name];
    if (value === undefined) continue;
    flat[parameter.name] = encodedSchemaOf(parameter) ? encodeEnvelope(value) : value;
  }
  const search = serializeQuery(flat);
  return search ? `${path}?${search}` : path;
};

export type MutationKind = 'wrong-type' | 'missing-required' | 'out-of-bounds' | 'bad-enum' | 'bad-format';

export interface Mutation {
  readonly kind: MutationKind;
  /** The field as the platform names it: `lineItems[0].quantity`, `paging.limit`. */
  readonly field: string;
  readonly apply: (request: GeneratedRequest) => GeneratedRequest;
}

type Path = readonly (string | number)[];

/** A JSON pointer's path as the platform writes a field: `lineItems[0].quantity`. */
const fieldOf = (path: Path): string =>
  path.reduce<string>((field, key) => (typeof key === 'number' ? `${field}[${key}]` : field ? `${field}.${key}` : key), '');

const setAt = (value: Json, path: Path, replacement: Json | undefined): Json => {
  if (path.length === 0) return replacement ?? null;
  const copy = structuredClone(value) as Record<string | number, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined) delete node[last];
  else node[last] = replacement;
  return copy;
};

const typeOf = (schema: JsonObject): string | undefined => (typeof schema.type === 'string' ? schema.type : undefined);

const WRONG_TYPE: Readonly<Record<string, Json>> = {
  string: 12345,
  integer: 'twelve',
  number: 'twelve',
  boolean: 'yes',
  object: ['not', 'an object'],
  array: { not: 'an array' },
};
const BAD_FORMAT: Readonly<Record<string, string>> = {
  uuid: 'not-a-uuid',
  'date-time': 'yesterday',
  date: 'someday',
  email: 'not-an-email',
  uri: 'not a uri',
};

/** Values that break one rule of `schema` (its type, enumeration, bounds or format), each with its kind. */
const breakersOf = (schema: JsonObject, value: Json): { readonly kind: MutationKind; readonly value: Json }[] => {
  const type = typeOf(schema);
  const out: { kind: MutationKind; value: Json }[] = [];
  if (type && WRONG_TYPE[type] !== undefined) out.push({ kind: 'wrong-type', value: WRONG_TYPE[type] as Json });
  if (Array.isArray(schema.enum) && schema.enum.every((item) => typeof item === 'string'))
    out.push({ kind: 'bad-enum', value: 'NOT_A_DECLARED_VALUE' });
  if (type === 'string' && !Array.isArray(schema.enum)) {
    if (typeof schema.maxLength === 'number' && schema.maxLength < 20_000)
      out.push({ kind: 'out-of-bounds', value: 'x'.repeat(schema.maxLength + 1) });
    if (typeof schema.minLength === 'number' && schema.minLength > 0)
      out.push({ kind: 'out-of-bounds', value: 'x'.repeat(schema.minLength - 1) });
    if (typeof schema.format === 'string' && BAD_FORMAT[schema.format])
      out.push({ kind: 'bad-format', value: BAD_FORMAT[schema.format] as string });
  }
  if (type === 'integer' || type === 'number') {
    if (typeof schema.maximum === 'number') out.push({ kind: 'out-of-bounds', value: schema.maximum + 1 });
    if (typeof schema.minimum === 'number') out.push({ kind: 'out-of-bounds', value: schema.minimum - 1 });
  }
  if (type === 'array' && Array.isArray(value)) {
    if (typeof schema.maxItems === 'number' && value.length > 0 && schema.maxItems < 1000) {
      out.push({ kind: 'out-of-bounds', value: Array.from({ length: schema.maxItems + 1 }, () => structuredClone(value[0]) as Json) });
    }
    if (typeof schema.minItems === 'number' && schema.minItems > 0)
      out.push({ kind: 'out-of-bounds', value: value.slice(0, schema.minItems - 1) });
  }
  return out;
};

/**
 * Every single mutation of `value` against `schema`, at `at` below `root` (the field names start below it).
 * Nothing inside an `anyOf` / `oneOf` is mutated: there the platform names the combinator, not the field.
 */
const valueMutations = (
  doc: BundledDocument,
  schema: Json | undefined,
  value: Json,
  at: Path,
  out: { path: Path; kind: MutationKind; value: Json | undefined }[],
) => {
  if (!isObject(schema) || at.length > 12) return;
  const flat = flattenSchema(doc, schema);
  if (alternativesOf(doc, flat)) return;
  if (isObject(value) && isObject(flat.properties)) {
    const required = Array.isArray(flat.required) ? flat.required : [];
    for (const [key, item] of Object.entries(value)) {
      const property = flat.properties[key];
      if (!isObject(property)) continue;
      const view = flattenSchema(doc, property);
      if (view.readOnly === true || property.readOnly === true || alternativesOf(doc, view)) continue;
      const path = [...at, key];
      if (required.includes(key)) out.push({ path, kind: 'missing-required', value: undefined });
      for (const breaker of breakersOf(view, item)) out.push({ path, ...breaker });
      valueMutations(doc, view, item, path, out);
    }
  } else if (Array.isArray(value) && value.length > 0 && isObject(flat.items)) {
    const view = flattenSchema(doc, flat.items);
    if (alternativesOf(doc, view)) return;
    const path = [...at, 0];
    for (const breaker of breakersOf(view, value[0] as Json)) out.push({ path, ...breaker });
    valueMutations(doc, view, value[0] as Json, path, out);
  }
};

/** Every single mutation that makes a valid request invalid in one field of its body, query or message. */
export const mutationsOf = (doc: BundledDocument, operation: Operation, request: GeneratedRequest): Mutation[] => {
  const mutations: Mutation[] = [];
  const schema = bodySchemaOf(operation);
  if (schema && request.body !== undefined) {
    const found: { path: Path; kind: MutationKind; value: Json | undefined }[] = [];
    valueMutations(doc, schema, request.body, [], found);
    for (const { path, kind, value } of found) {
      mutations.push({ kind, field: fieldOf(path), apply: (r) => ({ ...r, body: setAt(r.body as Json, path, value) }) });
    }
  }
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const value = request.query[parameter.name];
    const message = encodedSchemaOf(parameter);
    if (message && value !== undefined) {
      const found: { path: Path; kind: MutationKind; value: Json | undefined }[] = [];
      valueMutations(doc, message, value, [], found);
      for (const { path, kind, value: broken } of found) {
        mutations.push({
          kind,
          field: fieldOf(path),
          apply: (r) => ({ ...r, query: { ...r.query, [parameter.name]: setAt(r.query[parameter.name] as Json, path, broken) } }),
        });
      }
      continue;
    }
    if (value === undefined || !parameter.schema) continue;
    const view = flattenSchema(doc, parameter.schema);
    // On the wire every value is text: only rules a text can break are kept (a string parameter has no wrong type).
    const breakers = breakersOf(view, value).filter(
      ({ kind, value: broken }) => !(kind === 'wrong-type' && (typeOf(view) === 'string' || typeof broken === 'object')),
    );
    for (const { kind, value: broken } of breakers) {
      if (typeOf(view) === 'array') continue;
      mutations.push({ kind, field: parameter.name, apply: (r) => ({ ...r, query: { ...r.query, [parameter.name]: broken } }) });
    }
    if (parameter.required)
      mutations.push({
        kind: 'missing-required',
        field: parameter.name,
        apply: (r) => ({ ...r, query: Object.fromEntries(Object.entries(r.query).filter(([name]) => name !== parameter.name)) }),
      });
  }
  return mutations;
};
