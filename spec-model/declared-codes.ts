// The application-error codes an operation declares per response. The contract writes them as an enumeration of
// `details.applicationError.code` in the response's schema (an `allOf` of the shared ErrorResponse and an object
// narrowing the code), so Ajv enforces them on every answer and this module reads the same schema back.
import { documentOf, type Operation } from './document';
import { asJsonObject, type Json } from './json';
import { dereferenceObject } from './pointer';
import { declaredResponse } from './responses';

const CODE_PATH = ['details', 'applicationError', 'code'] as const;

const sortedUnion = (lists: readonly (readonly string[])[]): string[] => [...new Set(lists.flat())].sort();

/**
 * The codes a schema allows at `path` (property names), or undefined when nothing there enumerates them. `allOf`
 * narrows (the codes every enumerating part allows), `anyOf`/`oneOf` widen (a branch that enumerates none leaves
 * the code open: undefined).
 */
const codesAt = (
  doc: Json | undefined,
  node: Json | undefined,
  path: readonly string[],
  seen: ReadonlySet<object>,
): string[] | undefined => {
  const schema = doc === undefined ? asJsonObject(node) : dereferenceObject(doc, node);
  if (!schema || seen.has(schema)) return undefined;
  const inner = new Set(seen).add(schema);
  const narrowing: string[][] = [];
  if (path.length === 0) {
    if (Array.isArray(schema.enum)) narrowing.push(schema.enum.filter((code): code is string => typeof code === 'string'));
    if (typeof schema.const === 'string') narrowing.push([schema.const]);
  } else {
    const [name, ...rest] = path as [string, ...string[]];
    const property = asJsonObject(schema.properties)?.[name];
    const own = property === undefined ? undefined : codesAt(doc, property, rest, inner);
    if (own) narrowing.push(own);
  }
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const codes = codesAt(doc, part, path, inner);
    if (codes) narrowing.push(codes);
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const widened = branches.map((branch) => codesAt(doc, branch, path, inner));
    if (widened.every((codes): codes is string[] => codes !== undefined)) narrowing.push(sortedUnion(widened));
  }
  if (narrowing.length === 0) return undefined;
  const [first, ...others] = narrowing as [string[], ...string[][]];
  return [...new Set(first.filter((code) => others.every((codes) => codes.includes(code))))].sort();
};

/**
 * The application-error codes an operation declares for `status`, read from the response declared for it (the
 * exact status, else its range, else `default`), sorted; undefined when that response enumerates none (or the
 * operation declares no response for the status).
 */
export const declaredCodes = (operation: Operation, status: number): string[] | undefined => {
  const schema = declaredResponse(operation, status)?.json?.schema;
  return schema === undefined ? undefined : codesAt(documentOf(operation), schema, CODE_PATH, new Set());
};

/** Every code an operation declares, with the status of the response that declares it (exact statuses only). */
export const declaredCodesByStatus = (operation: Operation): Map<number, string[]> => {
  const byStatus = new Map<number, string[]>();
  for (const key of Object.keys(operation.responses)) {
    if (!/^\d{3}$/.test(key)) continue;
    const codes = declaredCodes(operation, Number(key));
    if (codes) byStatus.set(Number(key), codes);
  }
  return byStatus;
};

/**
 * The codes an operation's errors can carry, sorted: those of its 4xx answers (a 5xx is a system error, whatever
 * its body says). The generated operation functions type their errors with them.
 */
export const clientErrorCodes = (operation: Operation): string[] =>
  sortedUnion([...declaredCodesByStatus(operation)].filter(([status]) => status >= 400 && status < 500).map(([, codes]) => codes));
