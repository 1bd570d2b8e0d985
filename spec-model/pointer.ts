// References inside a bundled document: `{ $ref: '#/components/...' }` followed by its full JSON pointer
// (RFC 6901: `~1` is `/`, `~0` is `~`), through chains of references. Whoever needs a reference followed or
// named asks this module; only the schema view (which rebases references for the compiler) writes them.
import { asJsonObject, type Json, type JsonObject } from './json';

/** The keyword a reference is written with. */
export const REF = '$ref';
const SCHEMAS = '#/components/schemas/';

/** One pointer token unescaped: `a~1b` -> `a/b`, `a~0b` -> `a~b`. */
export const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The reference a node makes (`#/components/schemas/Cart`), or undefined when it is not a reference. */
export const referenceOf = (node: unknown): string | undefined => {
  const ref = asJsonObject(node)?.[REF];
  return typeof ref === 'string' ? ref : undefined;
};

/** The node a local pointer (`#/a/b`) names in the document, or undefined when nothing is there. */
export const resolvePointer = (document: Json, pointer: string): Json | undefined => {
  if (!pointer.startsWith('#')) return undefined;
  const path = pointer.slice(1);
  if (path === '') return document;
  if (!path.startsWith('/')) return undefined;
  let target: Json | undefined = document;
  for (const token of path.slice(1).split('/').map(unescapeToken)) {
    if (Array.isArray(target)) target = /^\d+$/.test(token) ? target[Number(token)] : undefined;
    else target = asJsonObject(target)?.[token];
    if (target === undefined) return undefined;
  }
  return target;
};

/**
 * The node itself, or what its reference names, following references to references. Throws on a reference that
 * names nothing or on a cycle of references: the document is broken, not the caller.
 */
export const dereference = (document: Json, node: Json | undefined): Json | undefined => {
  let current = node;
  const seen = new Set<string>();
  for (let ref = referenceOf(current); ref !== undefined; ref = referenceOf(current)) {
    if (seen.has(ref)) throw new Error(`reference cycle at ${ref}`);
    seen.add(ref);
    current = resolvePointer(document, ref);
    if (current === undefined) throw new Error(`unresolved reference ${ref}`);
  }
  return current;
};

/** `dereference` for a node that must be an object (a parameter, a response, a schema). */
export const dereferenceObject = (document: Json, node: Json | undefined): JsonObject | undefined =>
  asJsonObject(dereference(document, node));

/** The component schema's name a node refers to directly (`Cart` for `#/components/schemas/Cart`), else undefined. */
export const schemaComponentName = (node: unknown): string | undefined => {
  const ref = referenceOf(node);
  return ref?.startsWith(SCHEMAS) ? unescapeToken(ref.slice(SCHEMAS.length)) : undefined;
};

/** The pointer of a component schema, as references write it. */
export const schemaPointer = (name: string): string => `${SCHEMAS}${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** A reference to a component schema, as a schema. */
export const schemaReference = (name: string): JsonObject => ({ [REF]: schemaPointer(name) });

/** The node without its reference: the siblings OpenAPI 3.1 allows beside `$ref` (description, x-deviation...). */
export const siblingsOfReference = (node: JsonObject): JsonObject => {
  const { [REF]: _ref, ...siblings } = node;
  return siblings;
};
