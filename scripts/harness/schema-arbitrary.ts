// Values built from the spec's own schemas with fast-check, as a client sends them: valid on the request side
// (read-only fields left out), bounded in size and depth so a property run stays fast. The fuzz uses them too,
// for a value a schema needs where no example has one.
import fc from 'fast-check';
import type { BundledDocument } from '../../spec-model/document';
import type { Json, JsonObject } from '../../spec-model/json';
import { dereferenceObject, referenceOf, siblingsOfReference } from '../../spec-model/pointer';

export interface ArbitraryBounds {
  /** Below this depth objects get their optional properties and arrays more than their minimum. */
  readonly maxDepth: number;
  readonly maxItems: number;
  readonly maxStringLength: number;
}

const DEFAULT_BOUNDS: ArbitraryBounds = { maxDepth: 4, maxItems: 2, maxStringLength: 12 };
/** A chain of required properties deeper than this is a cycle in the schemas, not a value. */
const HARD_DEPTH = 24;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOr = (value: Json | undefined, fallback: number): number => (typeof value === 'number' ? value : fallback);

const typesOf = (schema: JsonObject): string[] => {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  if (isObject(schema.properties) || schema.additionalProperties !== undefined || Array.isArray(schema.required)) return ['object'];
  if (schema.items !== undefined) return ['array'];
  return [];
};

/**
 * A schema with its reference followed (keeping the siblings OpenAPI 3.1 allows beside `$ref`) and its `allOf`
 * merged into one: properties joined, required fields united, the first type and bounds kept.
 */
export const flattenSchema = (doc: BundledDocument, node: Json | undefined, seen: ReadonlySet<JsonObject> = new Set()): JsonObject => {
  if (!isObject(node)) return {};
  let schema: JsonObject = node;
  if (referenceOf(node) !== undefined) {
    const siblings = siblingsOfReference(node);
    const target = dereferenceObject(doc, node);
    if (!target || seen.has(target)) return siblings;
    schema = { ...flattenSchema(doc, target, new Set([...seen, target])), ...siblings };
  }
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...own } = schema;
  // The first word on a keyword wins (the schema's own, then its parts in order); properties and required join.
  const merged: JsonObject = {};
  const properties: JsonObject = {};
  const required = new Set<Json>();
  for (const part of [own, ...allOf.map((item) => flattenSchema(doc, item, seen))]) {
    for (const [keyword, value] of Object.entries(part)) if (!(keyword in merged)) merged[keyword] = value;
    if (isObject(part.properties)) for (const [name, property] of Object.entries(part.properties)) properties[name] = property;
    if (Array.isArray(part.required)) for (const name of part.required) required.add(name);
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
};

/** The alternatives of an `anyOf` / `oneOf`, each merged with the rest of its schema. */
export const alternativesOf = (
  doc: BundledDocument,
  schema: JsonObject,
): { readonly keyword: 'anyOf' | 'oneOf'; readonly branches: JsonObject[] } | undefined => {
  const keyword = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
  if (!keyword) return undefined;
  const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = schema;
  const branches = (schema[keyword] as Json[]).map((branch) => flattenSchema(doc, { allOf: [rest, branch] }));
  return { keyword, branches };
};

const requiredOf = (schema: JsonObject): string[] =>
  Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];

const word = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: min, maxLength: max });

const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2035, 0, 1);

const formatted = (format: string): fc.Arbitrary<string> | undefined => {
  switch (format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.tuple(word(1, 8), word(1, 8)).map(([name, host]) => `${name}@${host}.test`);
    case 'date-time':
      return fc.integer({ min: EARLIEST, max: LATEST }).map((ms) => new Date(ms).toISOString());
    case 'date':
      return fc.integer({ min: EARLIEST, max: LATEST }).map((ms) => new Date(ms).toISOString().slice(0, 10));
    case 'uri':
      return word(1, 10).map((path) => `https://shop.example.com/${path}`);
    default:
      return undefined;
  }
};

/** Arbitraries of a document's schemas, kept per schema and depth. */
export class SchemaArbitraries {
  readonly #doc: BundledDocument;
  readonly #bounds: ArbitraryBounds;
  readonly #cache = new WeakMap<JsonObject, Map<number, fc.Arbitrary<Json>>>();

  constructor(doc: BundledDocument, bounds: Partial<ArbitraryBounds> = {}) {
    this.#doc = doc;
    this.#bounds = { ...DEFAULT_BOUNDS, ...bounds };
  }

  get document(): BundledDocument {
    return this.#doc;
  }

  /** Values a client may send for `schema`. */
  of(schema: Json | undefined, depth = 0): fc.Arbitrary<Json> {
    if (!isObject(schema)) return fc.constantFrom<Json>('any', 1, true);
    let byDepth = this.#cache.get(schema);
    if (!byDepth) this.#cache.set(schema, (byDepth = new Map()));
    const known = byDepth.get(depth);
    if (known) return known;
    if (depth > HARD_DEPTH) throw new Error(`schema recursion deeper than ${HARD_DEPTH} levels`);
    const built = this.#build(flattenSchema(this.#doc, schema), depth);
    byDepth.set(depth, built);
    return built;
  }

  #build(schema: JsonObject, depth: number): fc.Arbitrary<Json> {
    if ('const' in schema) return fc.constant(schema.const as Json);
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as Json[]));
    const alternatives = alternativesOf(this.#doc, schema);
    if (alternatives) {
      const { keyword, branches } = alternatives;
      return fc.oneof(
        ...branches.map((branch, index) => {
          if (keyword === 'anyOf') return this.#build(branch, depth);
          // One branch only: leave out what only the other branches require, so no second branch matches too.
          const own = new Set(requiredOf(branch));
          const others = branches
            .filter((_, i) => i !== index)
            .flatMap(requiredOf)
            .filter((name) => !own.has(name));
          const properties = isObject(branch.properties)
            ? Object.fromEntries(Object.entries(branch.properties).filter(([name]) => !others.includes(name)))
            : undefined;
          return this.#build({ ...branch, ...(properties && { properties }) }, depth);
        }),
      );
    }
    const types = typesOf(schema).filter((type) => type !== 'null' || typesOf(schema).length === 1);
    if (types.length === 0) return fc.constantFrom<Json>('any', 1, true);
    return fc.oneof(...types.map((type) => this.#typed(type, schema, depth)));
  }

  #typed(type: string, schema: JsonObject, depth: number): fc.Arbitrary<Json> {
    const { maxDepth, maxItems, maxStringLength } = this.#bounds;
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer': {
        const min = Math.ceil(numberOr(schema.minimum, numberOr(schema.exclusiveMinimum, -1001) + 1));
        const max = Math.floor(numberOr(schema.maximum, numberOr(schema.exclusiveMaximum, Math.max(min, 0) + 1001) - 1));
        return fc.integer({ min, max: Math.max(min, Math.min(max, min + 100_000)) });
      }
      case 'number': {
        // Hundredths: the figures a price or a weight takes, with no float noise.
        const min = Math.ceil(numberOr(schema.minimum, numberOr(schema.exclusiveMinimum, -1000.01) + 0.01) * 100);
        const max = Math.floor(numberOr(schema.maximum, numberOr(schema.exclusiveMaximum, Math.max(min / 100, 0) + 1000.01) - 0.01) * 100);
        return fc.integer({ min, max: Math.max(min, Math.min(max, min + 10_000_000)) }).map((cents) => cents / 100);
      }
      case 'string': {
        const minLength = numberOr(schema.minLength, 0);
        const maxLength = Math.max(minLength, Math.min(numberOr(schema.maxLength, maxStringLength), Math.max(minLength, maxStringLength)));
        const format = typeof schema.format === 'string' ? formatted(schema.format) : undefined;
        if (format)
          return format.filter((text) => text.length >= minLength && text.length <= numberOr(schema.maxLength, Number.MAX_SAFE_INTEGER));
        if (typeof schema.pattern === 'string') {
          return fc
            .stringMatching(new RegExp(schema.pattern))
            .filter((text) => text.length >= minLength && text.length <= numberOr(schema.maxLength, 200));
        }
        // Letters, digits and a space: what a name or a note holds, never blank.
        return fc
          .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 '), minLength, maxLength })
          .filter((text) => minLength === 0 || text.trim().length > 0);
      }
      case 'array': {
        const minItems = numberOr(schema.minItems, 0);
        const cap = depth >= maxDepth ? minItems : Math.max(minItems, Math.min(numberOr(schema.maxItems, maxItems), maxItems));
        return fc.array(this.of(schema.items, depth + 1), { minLength: minItems, maxLength: cap });
      }
      case 'object':
        return this.#object(schema, depth);
      default:
        return fc.constant(null);
    }
  }

  #object(schema: JsonObject, depth: number): fc.Arbitrary<Json> {
    const required = new Set(requiredOf(schema));
    const properties = Object.entries(isObject(schema.properties) ? schema.properties : {}).filter(([name, property]) => {
      if (!isObject(property)) return false;
      const readOnly = property.readOnly === true || flattenSchema(this.#doc, property).readOnly === true;
      return !readOnly && (required.has(name) || depth < this.#bounds.maxDepth);
    });
    if (properties.length === 0 && isObject(schema.additionalProperties) && depth < this.#bounds.maxDepth) {
      return fc.dictionary(word(1, 8), this.of(schema.additionalProperties, depth + 1), { maxKeys: 2 }) as fc.Arbitrary<Json>;
    }
    const model = Object.fromEntries(properties.map(([name, property]) => [name, this.of(property, depth + 1)]));
    return fc.record(model, { requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)) }) as fc.Arbitrary<Json>;
  }
}
