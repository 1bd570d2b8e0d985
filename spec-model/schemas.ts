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

/** The properties of a schema that are a component schema as a whole (`cart` of `{ cart }`), with that component's name. */
export const propertyComponents = (doc: Json, schema: Json | undefined): Map<string, string> => {
  const components = new Map<string, string>();
  for (const [name, property] of Object.entries(asJsonObject(resolveSchema(doc, schema)?.properties) ?? {})) {
    const component = schemaComponentName(property);
    if (component !== undefined) components.set(name, component);
  }
  return components;
};

// Searched in the schema's JSON text: one native pass, cheaper at start-up than walking every node.
const SCHEMA_REFERENCE = `"${REF}":"#/components/schemas/`;

/** The component schemas that refer to other component schemas (carts, line items, products...). */
export const composedComponents = (doc: Json): ReadonlySet<string> => {
  const schemas = asJsonObject(asJsonObject(asJsonObject(doc)?.components)?.schemas) ?? {};
  return new Set(Object.keys(schemas).filter((name) => JSON.stringify(schemas[name]).includes(SCHEMA_REFERENCE)));
};
