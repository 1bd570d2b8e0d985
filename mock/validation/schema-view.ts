// The bundled document's schemas as Ajv compiles them, and the Ajv instances they compile into. One place for
// both sides: requests (a `readOnly` property is never required from a client) and responses (it is).
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonObject } from '../../spec-model/operation-contract';
import { CHECKED_REF } from './frozen-verdicts';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A schema copied for one side of the exchange: local references point into the family's registered document
 * (`documentId`), examples are left out (they are not validated), and for a request a `readOnly` property is
 * not required (OpenAPI 3.1). On the response side a reference to one of `records` (components that hold other
 * components: carts, line items, products...) can be the `x-checked-ref` keyword, which accepts a frozen record
 * already proven (frozen-verdicts.ts; its Ajv needs `installCheckedRefs`). Other references stay `$ref`s, which
 * Ajv inlines.
 */
export const schemaView = (node: unknown, documentId: string, side: 'request' | 'response', records: ReadonlySet<string> = NO_RECORDS): unknown => {
  if (Array.isArray(node)) return node.map((item) => schemaView(item, documentId, side, records));
  if (!isObject(node)) return node;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) {
      const checked = side === 'response' && value.startsWith(SCHEMAS) && records.has(value.slice(SCHEMAS.length));
      copy[checked ? CHECKED_REF : key] = `${documentId}${value}`;
    } else if (key !== 'example' && key !== 'examples') copy[key] = schemaView(value, documentId, side, records);
  }
  if (side === 'request' && Array.isArray(copy.required) && isObject(copy.properties)) {
    const properties = copy.properties;
    copy.required = copy.required.filter((name) => {
      const property = properties[String(name)];
      return !(isObject(property) && property.readOnly === true);
    });
  }
  return copy;
};

const SCHEMAS = '#/components/schemas/';
const NO_RECORDS: ReadonlySet<string> = new Set();

/** The component schemas that refer to other components: the ones worth looking up a verdict for. */
export const recordComponents = (components: JsonObject): ReadonlySet<string> => {
  const schemas = isObject(components.schemas) ? components.schemas : {};
  return new Set(Object.keys(schemas).filter((name) => JSON.stringify(schemas[name]).includes(`"$ref":"${SCHEMAS}`)));
};

/**
 * strict off: OpenAPI adds keywords (discriminator, x-*) JSON Schema does not know; logger off: an unknown format
 * is ignored, as Prism does, without a console warning per schema; validateSchema off: the documents are linted
 * by redocly, and checking them again against the meta-schema costs start-up time.
 */
export const createAjv = (options: { coerceTypes: boolean; allErrors: boolean; fastFormats?: boolean }): Ajv2020 => {
  const ajv = new Ajv2020({ strict: false, allErrors: options.allErrors, coerceTypes: options.coerceTypes, logger: false, validateSchema: false });
  addFormats(ajv, { mode: options.fastFormats ? 'fast' : 'full' });
  return ajv;
};

/** The Ajv instances every family's validators compile into. */
export class SchemaCompilers {
  /** Request bodies and encoded messages, as sent. */
  readonly body = createAjv({ coerceTypes: false, allErrors: true });
  /** Parameters arrive as text: `limit=5` is the integer 5, `active=true` the boolean. */
  readonly parameters = createAjv({ coerceTypes: true, allErrors: true });
  /**
   * The stateful engine's answers: the first violation is enough to name the field at fault. Formats are checked
   * by ajv-formats' fast (pattern-only) rules: the engine writes its dates with toISOString, and the full rules
   * (calendar checks) took about a fifth of the time spent checking an add-to-cart answer. Requests keep the full
   * rules, as Prism judges them.
   */
  readonly response = createAjv({ coerceTypes: false, allErrors: false, fastFormats: true });
}
