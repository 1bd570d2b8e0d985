import { isJsonMediaType } from '../src/protocol';
import type { BundledDocument, MediaType, Operation } from './document';
import { isJsonObject, type Json, type JsonObject } from './json';
import { dereferenceObject, referenceOf } from './pointer';

export interface DeclaredResponse {
  /** The key it is declared under: `200`, `4XX` or `default`. */
  readonly key: string;
  /** Its JSON content, when it declares one. */
  readonly json: MediaType | undefined;
}

/** The response an operation declares for `status`: the exact code, else its range (`4XX`), else `default`. */
export const declaredResponse = (operation: Operation, status: number): DeclaredResponse | undefined => {
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => operation.responses[candidate]);
  if (!key) return undefined;
  const content = operation.responses[key]?.content;
  const type = Object.keys(content ?? {}).find(isJsonMediaType);
  return { key, json: type ? content?.[type] : undefined };
};

/** The declared statuses of an operation, numerically sorted (ranges and `default` left out). */
export const declaredStatuses = (operation: Operation): number[] =>
  Object.keys(operation.responses)
    .filter((key) => /^\d{3}$/.test(key))
    .map(Number)
    .sort((a, b) => a - b);

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'];

/** The schemas a property may be checked against: the schema's own, and each branch's of its combinators. */
const propertySchemas = (node: Json | undefined, name: string, document: BundledDocument | undefined): JsonObject[] => {
  const schema = referenceOf(node) === undefined ? node : document && dereferenceObject(document, node);
  if (!isJsonObject(schema)) return [];
  const own = isJsonObject(schema.properties) ? schema.properties[name] : undefined;
  const branches = COMBINATORS.flatMap((keyword) => {
    const list = schema[keyword];
    return Array.isArray(list) ? list : [];
  });
  return [...(isJsonObject(own) ? [own] : []), ...branches.flatMap((branch) => propertySchemas(branch, name, document))];
};

/**
 * The application-error codes an operation declares for `status`: the values its response schema enumerates at
 * `details.applicationError.code`, in any branch of an `allOf` / `anyOf` / `oneOf` (the spec writes them inline
 * beside the shared ErrorResponse; with the document, references are followed too). Empty when the status is not
 * declared or its code is an open string.
 */
export const declaredCodes = (operation: Operation, status: number, document?: BundledDocument): string[] => {
  const schema = declaredResponse(operation, status)?.json?.schema;
  const codes = propertySchemas(schema, 'details', document)
    .flatMap((details) => propertySchemas(details, 'applicationError', document))
    .flatMap((error) => propertySchemas(error, 'code', document))
    .map((code) => (referenceOf(code) !== undefined && document ? (dereferenceObject(document, code) ?? {}) : code))
    .flatMap((code) => [...(Array.isArray(code.enum) ? code.enum : []), ...('const' in code ? [code.const] : [])]);
  return [...new Set(codes.filter((code): code is string => typeof code === 'string'))];
};
