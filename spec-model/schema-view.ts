// A document's schemas as one side of the wire sees them (OpenAPI 3.1): a client never has to send a `readOnly`
// property and a server never sends a `writeOnly` one, so neither is required on that side. The view is a copy:
// local references point into the document registered under `documentId`, and examples are left out (they are
// not validated).
import { isJsonObject, type Json, type JsonObject } from './json';
import { REF, schemaComponentName } from './pointer';

export type WireSide = 'request' | 'response';

/**
 * On the response side, references to these components can be written with the caller's own keyword instead of
 * `$ref` (the mock accepts a frozen record already proven through it).
 */
export interface CheckedReferences {
  readonly keyword: string;
  readonly components: ReadonlySet<string>;
}

// Keywords whose value is a schema, a list of schemas or a map of names to schemas; every other keyword holds
// data (enum, const, default, x-...), copied as it is.
const SCHEMA = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
  'additionalItems',
]);
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const DROPPED = new Set(['example', 'examples']);
const HIDDEN: Readonly<Record<WireSide, string>> = { request: 'readOnly', response: 'writeOnly' };

interface ViewContext {
  readonly documentId: string;
  readonly side: WireSide;
  readonly checked: CheckedReferences | undefined;
}

const viewMap = (node: Json, context: ViewContext): Json =>
  isJsonObject(node) ? Object.fromEntries(Object.entries(node).map(([name, schema]) => [name, viewSchema(schema, context)])) : node;

const viewSchema = (node: Json, context: ViewContext): Json => {
  if (Array.isArray(node)) return node.map((item) => viewSchema(item, context));
  if (!isJsonObject(node)) return node;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === REF && typeof value === 'string' && value.startsWith('#/')) {
      const checked = context.side === 'response' && context.checked ? context.checked : undefined;
      const component = checked ? schemaComponentName(node) : undefined;
      copy[checked && component !== undefined && checked.components.has(component) ? checked.keyword : key] =
        `${context.documentId}${value}`;
    } else if (DROPPED.has(key)) continue;
    else if (SCHEMA.has(key)) copy[key] = viewSchema(value, context);
    else if (SCHEMA_LIST.has(key))
      copy[key] = Array.isArray(value) ? value.map((item) => viewSchema(item, context)) : viewSchema(value, context);
    else if (SCHEMA_MAP.has(key)) copy[key] = viewMap(value, context);
    else copy[key] = value;
  }
  const properties = copy.properties;
  if (Array.isArray(copy.required) && isJsonObject(properties)) {
    const hidden = HIDDEN[context.side];
    copy.required = copy.required.filter((name) => {
      const property = properties[String(name)];
      return !(isJsonObject(property) && property[hidden] === true);
    });
  }
  return copy;
};

/** One schema as `side` sees it, its local references rebased onto `documentId`. */
export const schemaView = (schema: Json, documentId: string, side: WireSide, checked?: CheckedReferences): Json =>
  viewSchema(schema, { documentId, side, checked });

/** A document's component schemas as `side` sees them, registered under `documentId`. */
export const componentsView = (
  components: Json | undefined,
  documentId: string,
  side: WireSide,
  checked?: CheckedReferences,
): JsonObject => {
  const schemas = isJsonObject(components) ? components.schemas : undefined;
  return { schemas: viewMap(schemas ?? {}, { documentId, side, checked }) };
};
