// Reading schemas of a bundled document: a schema behind its reference, its properties across `allOf`, and
// which of its properties are whole component records.
import { asJsonObject, type Json, type JsonObject } from './json';
import { dereferenceObject, REF, schemaComponentName } from './pointer';

/** A schema with its reference followed (through chains), or the schema itself. */
export const resolveSchema = (doc: Json, schema: Json | undefined): JsonObject | undefined => dereferenceObject(doc, schema);

/** The properties and required names of a schema and of every `allOf` part, references followed. */
export const flattenSchema = (doc: Json, schema: Json | undefined): { properties: Record<string, JsonObject>; required: Set<string> } => {
  const resolved = resolveSchema(doc, schema) ?? {};
  const properties: Record<string, JsonObject> = {};
  const required = new Set<string>();
  for (const part of Array.isArray(resolved.allOf) ? resolved.allOf : []) {
    const inner = flattenSchema(doc, part);
    Object.assign(properties, inner.properties);
    for (const name of inner.required) required.add(name);
  }
  for (const [name, value] of Object.entries(asJsonObject(resolved.properties) ?? {}))
    properties[name] = { ...properties[name], ...asJsonObject(value) };
  for (const name of Array.isArray(resolved.required) ? resolved.required : []) if (typeof name === 'string') required.add(name);
  return { properties, required };
};

/** A schema's properties, with those of its `allOf` parts (a part's own property wins over an earlier part's). */
export const propertiesOf = (doc: Json, schema: Json | undefined): Record<string, JsonObject> => {
  const resolved = resolveSchema(doc, schema);
  const parts = Array.isArray(resolved?.allOf) ? resolved.allOf : [];
  return Object.assign({}, ...parts.map((part) => propertiesOf(doc, part)), asJsonObject(resolved?.properties) ?? {}) as Record<
    string,
    JsonObject
  >;
};

/**
 * The properties of a schema whose value, once it passes, has passed a component schema as a whole (`cart` of
 * `{ cart }`), with that component's name: a reference, or an `allOf` holding one (an answer that narrows the
 * component with the fields it guarantees still passes the component itself).
 */
export const propertyComponents = (doc: Json, schema: Json | undefined): Map<string, string> => {
  const components = new Map<string, string>();
  for (const [name, property] of Object.entries(asJsonObject(resolveSchema(doc, schema)?.properties) ?? {})) {
    const parts = asJsonObject(property)?.allOf;
    const component = schemaComponentName(property) ?? (Array.isArray(parts) ? parts.map(schemaComponentName).find(Boolean) : undefined);
    if (component !== undefined) components.set(name, component);
  }
  return components;
};

/** Keywords that say nothing a value is checked against. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly']);

/** A record an answer wraps alone (`{ cart }`), which the answer narrows with nothing but the fields it requires. */
export interface NarrowedRecord {
  readonly component: string;
  /** The record's fields the answer requires beyond its component (its id and server-set dates...). */
  readonly required: readonly string[];
}

/**
 * Per property of an answer schema: when a body holding that property alone passes the schema exactly when the
 * value passes the component and carries `required`, that component and those names. An answer whose wrapper
 * or property checks anything more is not listed (it is validated whole).
 */
export const narrowedRecords = (doc: Json, schema: Json | undefined): Map<string, NarrowedRecord> => {
  const narrowed = new Map<string, NarrowedRecord>();
  const wrapper = resolveSchema(doc, schema);
  if (
    !wrapper ||
    Object.keys(wrapper).some((key) => !['type', 'properties', 'required', 'additionalProperties'].includes(key) && !ANNOTATIONS.has(key))
  )
    return narrowed;
  if (wrapper.type !== undefined && wrapper.type !== 'object') return narrowed;
  const wrapperRequired = Array.isArray(wrapper.required) ? wrapper.required : [];
  for (const [name, property] of Object.entries(asJsonObject(wrapper.properties) ?? {})) {
    if (wrapperRequired.some((required) => required !== name)) continue;
    const direct = schemaComponentName(property);
    if (direct !== undefined) {
      if (Object.keys(property as JsonObject).every((key) => key === REF || ANNOTATIONS.has(key)))
        narrowed.set(name, { component: direct, required: [] });
      continue;
    }
    const object = asJsonObject(property) ?? {};
    const parts = Array.isArray(object.allOf) ? object.allOf : [];
    const component = parts.length === 1 ? schemaComponentName(parts[0]) : undefined;
    if (component === undefined || !Object.keys(object).every((key) => key === 'allOf' || key === 'required' || ANNOTATIONS.has(key)))
      continue;
    const required = Array.isArray(object.required) ? object.required.filter((field): field is string => typeof field === 'string') : [];
    narrowed.set(name, { component, required });
  }
  return narrowed;
};

// Searched in the schema's JSON text: one native pass, cheaper at start-up than walking every node.
const SCHEMA_REFERENCE = `"${REF}":"#/components/schemas/`;

/** The component schemas that refer to other component schemas (carts, line items, products...). */
export const composedComponents = (doc: Json): ReadonlySet<string> => {
  const schemas = asJsonObject(asJsonObject(asJsonObject(doc)?.components)?.schemas) ?? {};
  return new Set(Object.keys(schemas).filter((name) => JSON.stringify(schemas[name]).includes(SCHEMA_REFERENCE)));
};
