// What the type generator reads instead of the bundled document: the same document (a copy; the bundle users get
// stays as it is) with every narrowing part of an `allOf`/`anyOf`/`oneOf` written out. openapi-typescript types a
// part that only lists `required` names (`allOf: [CartLineItem, { required: [catalogReference] }]`) as `unknown`,
// so the requirement would be lost; written as an object whose named properties are the ones they narrow, with
// their schemas, it becomes `CartLineItem & { catalogReference: CatalogReference }`.
import type { BundledDocument } from './document';
import { asJsonObject, type Json, type JsonObject } from './json';
import { propertiesOf } from './schemas';

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;

/** A part that narrows what its neighbours declare: it names required fields and declares no type or reference of its own. */
const isNarrowing = (part: JsonObject): boolean =>
  Array.isArray(part.required) && part.required.length > 0 && part.type === undefined && part.$ref === undefined;

/** The part with each required name declared with the schema its neighbours give it (the part's own keywords kept beside). */
const writtenOut = (part: JsonObject, declared: Record<string, JsonObject>): JsonObject => {
  const own = asJsonObject(part.properties) ?? {};
  const properties: Record<string, Json> = { ...own };
  let found = false;
  for (const name of part.required as Json[]) {
    if (typeof name !== 'string' || !declared[name]) continue;
    found = true;
    const narrowing = asJsonObject(own[name]);
    // A property the part declares whole (a reference, a type) needs nothing from its neighbours.
    if (narrowing && (narrowing.$ref !== undefined || narrowing.type !== undefined)) continue;
    // Bounds a part adds (`minItems: 1`) change no type: the declared schema is the property's type.
    properties[name] = declared[name];
  }
  // Nothing here declares the names: the schema holding this one does, and writes the part out itself.
  return found ? { ...part, type: 'object', properties } : part;
};

/** The properties a combinator's parts narrow: the holding schema's own and those of its `allOf` neighbours. */
const declaredAround = (doc: BundledDocument, holder: JsonObject): Record<string, JsonObject> => propertiesOf(doc, holder);

const rewrite = (doc: BundledDocument, node: Json): Json => {
  if (Array.isArray(node)) return node.map((item) => rewrite(doc, item));
  const object = asJsonObject(node);
  if (!object) return node;
  const copy: JsonObject = Object.fromEntries(Object.entries(object).map(([key, value]) => [key, rewrite(doc, value)]));
  for (const keyword of COMBINATORS) {
    const parts = copy[keyword];
    if (!Array.isArray(parts) || !parts.some((part) => isNarrowing(asJsonObject(part) ?? {}))) continue;
    const declared = declaredAround(doc, { ...copy, [keyword]: parts.filter((part) => !isNarrowing(asJsonObject(part) ?? {})) });
    copy[keyword] = parts.map((part) => {
      const schema = asJsonObject(part);
      return schema && isNarrowing(schema) ? writtenOut(schema, declared) : part;
    });
  }
  // A combinator nested in an `allOf` part narrows the properties of the schema holding that `allOf`.
  if (Array.isArray(copy.allOf)) {
    const declared = propertiesOf(doc, copy);
    copy.allOf = copy.allOf.map((part) => {
      const schema = asJsonObject(part);
      if (!schema) return part;
      const inner = { ...schema };
      for (const keyword of ['anyOf', 'oneOf'] as const) {
        const branches = inner[keyword];
        if (Array.isArray(branches))
          inner[keyword] = branches.map((branch) => {
            const written = asJsonObject(branch);
            return written && isNarrowing(written) ? writtenOut(written, declared) : branch;
          });
      }
      return inner;
    });
  }
  return copy;
};

/** The document for the type generator: narrowing parts written out, nothing else changed. */
export const withNarrowingWrittenOut = (doc: BundledDocument): BundledDocument => rewrite(doc, doc) as BundledDocument;
