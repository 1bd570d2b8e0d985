// A document's schemas as one side of the wire sees them (OpenAPI 3.1): a client never has to send a `readOnly`
// property and a server never sends a `writeOnly` one, so neither is required on that side. The view is a copy:
// local references point into the document registered under `documentId`, and examples are left out (they are
// not validated). A closed view refuses the properties an object does not declare (the platform's
// FIELD_NOT_ALLOWED), for callers that want a client's typo caught.
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

// Keywords whose schemas are branches: they judge the same value as the schema holding them, so only the holder
// may refuse what none of them declares.
const BRANCHES = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas']);

/**
 * Closing: which components stay open. A component that is one branch of a combinator whose holder or other
 * branches declare properties too sees only its own (unevaluatedProperties looks no further than its schema),
 * so closing it would refuse its siblings' properties.
 */
export interface Closing {
  readonly openComponents: ReadonlySet<string>;
}

interface ViewContext {
  readonly documentId: string;
  readonly side: WireSide;
  readonly checked: CheckedReferences | undefined;
  readonly closing: Closing | undefined;
}

const COMBINATORS = new Set(['allOf', 'anyOf', 'oneOf']);

const declaresProperties = (node: Json): boolean =>
  isJsonObject(node) &&
  (isJsonObject(node.properties) || typeof node[REF] === 'string' || [...COMBINATORS].some((key) => Array.isArray(node[key])));

/** The components that must stay open in a closed view of `document` (see Closing). */
export const closingOf = (document: Json): Closing => {
  const open = new Set<string>();
  const visit = (node: Json): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!isJsonObject(node)) return;
    for (const key of COMBINATORS) {
      const branches = node[key];
      if (!Array.isArray(branches)) continue;
      const contributing = branches.filter(declaresProperties).length + (isJsonObject(node.properties) ? 1 : 0);
      if (contributing < 2) continue;
      for (const branch of branches) {
        const component = isJsonObject(branch) ? schemaComponentName(branch) : undefined;
        if (component !== undefined) open.add(component);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(document);
  return { openComponents: open };
};

const closes = (node: JsonObject, context: ViewContext, component: string | undefined): boolean =>
  context.closing !== undefined &&
  node.additionalProperties === undefined &&
  node.unevaluatedProperties === undefined &&
  (isJsonObject(node.properties) || [...COMBINATORS].some((key) => Array.isArray(node[key]))) &&
  !(component !== undefined && context.closing.openComponents.has(component));

/** `components`: the map is the document's schema components, so each entry is named. */
const viewMap = (node: Json, context: ViewContext, { closable = true, components = false } = {}): Json =>
  isJsonObject(node)
    ? Object.fromEntries(
        Object.entries(node).map(([name, schema]) => [name, viewSchema(schema, context, closable, components ? name : undefined)]),
      )
    : node;

/** `closable`: the schema judges a value of its own (not a branch of its holder's), so it may refuse undeclared fields. */
const viewSchema = (node: Json, context: ViewContext, closable = true, component?: string): Json => {
  if (Array.isArray(node)) return node.map((item) => viewSchema(item, context, closable));
  if (!isJsonObject(node)) return node;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === REF && typeof value === 'string' && value.startsWith('#/')) {
      const checked = context.side === 'response' && context.checked ? context.checked : undefined;
      const component = checked ? schemaComponentName(node) : undefined;
      copy[checked && component !== undefined && checked.components.has(component) ? checked.keyword : key] =
        `${context.documentId}${value}`;
    } else if (DROPPED.has(key)) continue;
    else if (SCHEMA.has(key)) copy[key] = viewSchema(value, context, !BRANCHES.has(key));
    else if (SCHEMA_LIST.has(key)) copy[key] = viewSchema(value, context, !BRANCHES.has(key));
    else if (SCHEMA_MAP.has(key)) copy[key] = viewMap(value, context, { closable: !BRANCHES.has(key) });
    else copy[key] = value;
  }
  if (closable && closes(node, context, component)) copy.unevaluatedProperties = false;
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

export interface ViewOptions {
  readonly checked?: CheckedReferences | undefined;
  /** A closed view (undeclared properties refused), with the components that must stay open; see closingOf. */
  readonly closing?: Closing | undefined;
}

/** One schema as `side` sees it, its local references rebased onto `documentId`. */
export const schemaView = (schema: Json, documentId: string, side: WireSide, options: ViewOptions = {}): Json =>
  viewSchema(schema, { documentId, side, checked: options.checked, closing: options.closing });

/** A document's component schemas as `side` sees them, registered under `documentId`. */
export const componentsView = (components: Json | undefined, documentId: string, side: WireSide, options: ViewOptions = {}): JsonObject => {
  const schemas = isJsonObject(components) ? components.schemas : undefined;
  return {
    schemas: viewMap(schemas ?? {}, { documentId, side, checked: options.checked, closing: options.closing }, { components: true }),
  };
};
