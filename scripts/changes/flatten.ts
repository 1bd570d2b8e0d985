// Optic's traverser reads a flat document: every `$ref` replaced by what it names. A schema that contains itself
// (a category's children) is inlined once per branch and then left as its reference, which the traverser skips:
// a change inside the recursion is still seen at the first level.
import type { Json, JsonObject } from '../../spec-model/json';
import { referenceOf, resolvePointer } from '../../spec-model/pointer';

const isScalarPart = (part: Json): part is JsonObject =>
  part !== null &&
  typeof part === 'object' &&
  !Array.isArray(part) &&
  part.type !== 'object' &&
  ['properties', 'items', 'allOf', 'anyOf', 'oneOf'].every((key) => part[key] === undefined);

/**
 * An `allOf` of value schemas (a shared enumeration narrowed for one field) is one schema for a caller: its
 * keywords together, its enumerations intersected, so narrowing an enumeration this way reads as narrowing.
 */
const mergeScalarParts = (node: JsonObject): JsonObject => {
  const { allOf, ...own } = node;
  if (!Array.isArray(allOf) || allOf.length === 0 || !allOf.every(isScalarPart)) return node;
  let merged: JsonObject = { ...own };
  for (const part of allOf as JsonObject[]) {
    const enumeration =
      Array.isArray(merged.enum) && Array.isArray(part.enum)
        ? merged.enum.filter((value) => (part.enum as Json[]).includes(value))
        : undefined;
    merged = { ...merged, ...part, ...(enumeration && { enum: enumeration }) };
  }
  return { ...merged, ...own };
};

export const flatten = (document: JsonObject): JsonObject => {
  const inline = (node: Json, open: ReadonlySet<string>): Json => {
    if (Array.isArray(node)) return node.map((item) => inline(item, open));
    if (node === null || typeof node !== 'object') return node;
    const ref = referenceOf(node);
    if (ref !== undefined) {
      const target = resolvePointer(document, ref);
      if (target === undefined || open.has(ref)) return node;
      const { $ref: _, ...siblings } = node;
      const resolved = inline(target, new Set([...open, ref]));
      return resolved !== null && typeof resolved === 'object' && !Array.isArray(resolved) ? { ...resolved, ...siblings } : resolved;
    }
    return mergeScalarParts(Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, open)])));
  };
  const { components: _, ...rest } = document;
  return inline(rest, new Set()) as JsonObject;
};
