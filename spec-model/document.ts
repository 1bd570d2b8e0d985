// The one reader of a bundled family document (generated/<family>/openapi.yaml): operations with their
// parameters and responses resolved. Isomorphic: the generator, the tests, the mock and the explorer use it.
import type { Family } from '../src/protocol';

export { FAMILIES, type Family } from '../src/protocol';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly schema?: JsonObject;
  readonly example?: Json;
  readonly examples?: Record<string, { value: Json }>;
}

export interface MediaType {
  readonly schema?: JsonObject;
  readonly example?: Json;
  readonly examples?: Record<string, { value: Json }>;
}

export interface Operation {
  readonly family: Family;
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly summary?: string;
  readonly tags?: readonly string[];
  readonly 'x-fallback'?: { readonly operationId: string };
  readonly parameters: readonly Parameter[];
  readonly requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  readonly responses: Record<string, { content?: Record<string, MediaType>; headers?: JsonObject }>;
}

export interface BundledDocument {
  readonly paths: Record<string, Record<string, JsonObject>>;
  /** OpenAPI 3.1 webhooks: the events the platform POSTs to receivers, keyed by event type (spec-model/webhooks.ts). */
  readonly webhooks?: Record<string, Record<string, JsonObject>>;
  readonly components: {
    schemas?: Record<string, JsonObject>;
    parameters?: Record<string, Parameter>;
    responses?: Record<string, Operation['responses'][string]>;
  };
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];


const resolveParameter = (doc: BundledDocument, parameter: Parameter | { $ref: string }): Parameter => {
  if ('$ref' in parameter) {
    const resolved = doc.components.parameters?.[parameter.$ref.split('/').pop() ?? ''];
    if (!resolved) throw new Error(`unresolved parameter ${parameter.$ref}`);
    return resolved;
  }
  return parameter;
};

/** Every operation of a family's bundled document, with its parameters resolved. */
export const listOperations = (family: Family, doc: BundledDocument): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const op = item[method] as unknown as Omit<Operation, 'family' | 'method' | 'path' | 'parameters'> & {
        parameters?: Parameter[];
      };
      const shared = (item.parameters as unknown as Parameter[] | undefined) ?? [];
      const responses = Object.fromEntries(
        Object.entries(op.responses).map(([status, response]) => {
          const ref = (response as { $ref?: string }).$ref;
          return [status, ref ? (doc.components.responses?.[ref.split('/').pop() ?? ''] ?? response) : response];
        }),
      );
      return {
        ...op,
        family,
        method: method.toUpperCase(),
        path,
        responses,
        parameters: [...shared, ...(op.parameters ?? [])].map((p) => resolveParameter(doc, p)),
      };
    }),
  );

/** A schema's properties, following one `$ref` into components. */
export const resolveSchema = (doc: BundledDocument, schema: JsonObject | undefined): JsonObject | undefined => {
  const ref = schema?.$ref;
  if (typeof ref === 'string') return doc.components.schemas?.[ref.split('/').pop() ?? ''];
  return schema;
};
