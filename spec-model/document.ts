// The one reader of a bundled family document (generated/<family>/openapi.yaml): every operation with its
// parameters, request body, responses, examples and security resolved. Isomorphic: the generator, the tests,
// the mock and the explorer use it, and nothing else reads the operations of a document.
import type { Family } from '../src/protocol';
import { asJsonObject, isJsonObject, type Json, type JsonObject } from './json';
import { dereferenceObject, referenceOf } from './pointer';
import { type SecurityRequirement, securityOf } from './security';

export { FAMILIES, type Family } from '../src/protocol';

/**
 * A parsed bundled document: paths and components typed, the rest as parsed (`webhooks`, the OpenAPI 3.1 events
 * the platform POSTs to receivers, are read by webhooks.ts).
 */
export type BundledDocument = {
  readonly paths: Record<string, JsonObject>;
  /** schemas, parameters, responses, examples...: each a map of names to definitions. */
  readonly components: { readonly [section: string]: Record<string, JsonObject> };
  readonly [key: string]: Json;
};

/** The parsed JSON as a bundled document; throws when it has no paths or components to read. */
export const asBundledDocument = (json: Json): BundledDocument => {
  if (!isJsonObject(json) || !isJsonObject(json.paths) || !isJsonObject(json.components)) throw new Error('not a bundled OpenAPI document');
  return json as BundledDocument;
};

/** Every HTTP method a path item can hold (OpenAPI 3.1), as the model spells it. */
export const METHODS = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
export type OperationMethod = (typeof METHODS)[number];

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** A named example with its value: a `$ref` into components/examples is already followed. */
export interface Example {
  readonly summary?: string;
  readonly description?: string;
  readonly value: Json;
  readonly [extension: `x-${string}`]: Json | undefined;
}

export interface MediaType {
  readonly schema?: JsonObject;
  readonly example?: Json;
  readonly examples?: Readonly<Record<string, Example>>;
}

export interface Parameter {
  readonly name: string;
  readonly in: ParameterLocation;
  /** Always true for a path parameter. */
  readonly required: boolean;
  readonly description?: string;
  /** Its schema; for a parameter described by `content`, the JSON media type's schema. */
  readonly schema?: JsonObject;
  readonly example?: Json;
  readonly examples?: Readonly<Record<string, Example>>;
  readonly [extension: `x-${string}`]: Json | undefined;
}

export interface RequestBody {
  readonly required: boolean;
  readonly description?: string;
  readonly content: Readonly<Record<string, MediaType>>;
}

export interface Response {
  readonly description?: string;
  readonly headers?: Readonly<Record<string, JsonObject>>;
  readonly content?: Readonly<Record<string, MediaType>>;
}

export interface Operation {
  readonly family: Family;
  readonly method: OperationMethod;
  readonly path: string;
  readonly operationId: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly deprecated?: boolean;
  /** The POST twin a long GET switches to. */
  readonly 'x-fallback'?: { readonly operationId: string };
  /** Path-level and operation-level parameters merged by name and location (the operation's win). */
  readonly parameters: readonly Parameter[];
  readonly requestBody?: RequestBody;
  /** By the key they are declared under: a status (`200`), a range (`4XX`) or `default`. */
  readonly responses: Readonly<Record<string, Response>>;
  /** Empty: no credentials needed. Otherwise any one requirement must be met. */
  readonly security: readonly SecurityRequirement[];
  readonly [extension: `x-${string}`]: Json | undefined;
}

const LOCATIONS: readonly string[] = ['path', 'query', 'header', 'cookie'];

const text = (node: JsonObject, key: string): { [key: string]: string } => (typeof node[key] === 'string' ? { [key]: node[key] } : {});

const extensionsOf = (node: JsonObject): Record<`x-${string}`, Json> =>
  Object.fromEntries(Object.entries(node).filter(([key]) => key.startsWith('x-'))) as Record<`x-${string}`, Json>;

const readExamples = (doc: BundledDocument, node: Json | undefined, where: string): Record<string, Example> | undefined => {
  const examples = asJsonObject(node);
  if (!examples) return undefined;
  return Object.fromEntries(
    Object.entries(examples).map(([name, raw]) => {
      const example = dereferenceObject(doc, raw);
      if (!example || !('value' in example)) throw new Error(`${where}: example ${name} has no value`);
      return [name, { ...example, value: example.value } as Example];
    }),
  );
};

const readMediaType = (doc: BundledDocument, node: Json | undefined, where: string): MediaType => {
  const media = asJsonObject(node) ?? {};
  const schema = asJsonObject(media.schema);
  const examples = readExamples(doc, media.examples, where);
  return { ...(schema && { schema }), ...('example' in media && { example: media.example }), ...(examples && { examples }) };
};

const readContent = (doc: BundledDocument, node: Json | undefined, where: string): Record<string, MediaType> | undefined => {
  const content = asJsonObject(node);
  if (!content) return undefined;
  return Object.fromEntries(Object.entries(content).map(([type, media]) => [type, readMediaType(doc, media, `${where} ${type}`)]));
};

const readParameter = (doc: BundledDocument, node: Json, where: string): Parameter => {
  const parameter = dereferenceObject(doc, node);
  const name = parameter?.name;
  const location = parameter?.in;
  if (!parameter || typeof name !== 'string' || typeof location !== 'string' || !LOCATIONS.includes(location)) {
    throw new Error(`${where}: a parameter needs a name and a location (path, query, header or cookie)`);
  }
  const here = `${where} parameter ${name}`;
  const content = readContent(doc, parameter.content, here);
  const schema = asJsonObject(parameter.schema) ?? content?.['application/json']?.schema;
  const examples = readExamples(doc, parameter.examples, here);
  return {
    ...extensionsOf(parameter),
    name,
    in: location as ParameterLocation,
    required: parameter.required === true || location === 'path',
    ...text(parameter, 'description'),
    ...(schema && { schema }),
    ...('example' in parameter && { example: parameter.example }),
    ...(examples && { examples }),
  };
};

/** Operation-level parameters override path-level ones with the same name and location. */
const mergeParameters = (doc: BundledDocument, shared: Json | undefined, own: Json | undefined, where: string): Parameter[] => {
  const byKey = new Map<string, Parameter>();
  for (const node of [...(Array.isArray(shared) ? shared : []), ...(Array.isArray(own) ? own : [])]) {
    const parameter = readParameter(doc, node, where);
    byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...byKey.values()];
};

const readRequestBody = (doc: BundledDocument, node: Json | undefined, where: string): RequestBody | undefined => {
  const body = dereferenceObject(doc, node);
  if (!body) return undefined;
  return {
    required: body.required === true,
    ...text(body, 'description'),
    content: readContent(doc, body.content, `${where} request body`) ?? {},
  };
};

const readResponse = (doc: BundledDocument, raw: Json, where: string): Response => {
  const response = dereferenceObject(doc, raw) ?? {};
  const headers = asJsonObject(response.headers);
  const content = readContent(doc, response.content, where);
  return {
    ...text(response, 'description'),
    ...(headers && {
      headers: Object.fromEntries(Object.entries(headers).map(([name, header]) => [name, dereferenceObject(doc, header) ?? {}])),
    }),
    ...(content && { content }),
  };
};

// Most responses are shared components (the error answers): each is read once per document.
const sharedResponses = new WeakMap<BundledDocument, Map<string, Response>>();

const readResponses = (doc: BundledDocument, node: Json | undefined, where: string): Record<string, Response> => {
  let shared = sharedResponses.get(doc);
  if (!shared) sharedResponses.set(doc, (shared = new Map()));
  return Object.fromEntries(
    Object.entries(asJsonObject(node) ?? {}).map(([key, raw]) => {
      const ref = referenceOf(raw);
      if (ref === undefined) return [key, readResponse(doc, raw, `${where} response ${key}`)];
      let response = shared.get(ref);
      if (!response) shared.set(ref, (response = readResponse(doc, raw, ref)));
      return [key, response];
    }),
  );
};

// The document each operation was read from: its schemas keep references that only the document resolves.
const documents = new WeakMap<Operation, BundledDocument>();

/** The bundled document an operation was read from (undefined for an operation built by hand). */
export const documentOf = (operation: Operation): BundledDocument | undefined => documents.get(operation);

/** The operation a path item (or a webhook) holds for `method`, resolved; undefined when it holds none. */
export const readOperation = (
  family: Family,
  doc: BundledDocument,
  path: string,
  item: JsonObject,
  method: OperationMethod,
): Operation | undefined => {
  const node = asJsonObject(item[method.toLowerCase()]);
  if (!node) return undefined;
  if (typeof node.operationId !== 'string') throw new Error(`${method} ${path} has no operationId`);
  const where = node.operationId;
  const fallback = asJsonObject(node['x-fallback'])?.operationId;
  const requestBody = readRequestBody(doc, node.requestBody, where);
  const operation: Operation = {
    ...extensionsOf(node),
    family,
    method,
    path,
    operationId: node.operationId,
    ...text(node, 'summary'),
    ...text(node, 'description'),
    tags: Array.isArray(node.tags) ? node.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    ...(node.deprecated === true && { deprecated: true }),
    ...(typeof fallback === 'string' && { 'x-fallback': { operationId: fallback } }),
    parameters: mergeParameters(doc, item.parameters, node.parameters, where),
    ...(requestBody && { requestBody }),
    responses: readResponses(doc, node.responses, where),
    security: securityOf(doc, node),
  };
  documents.set(operation, doc);
  return operation;
};

const cache = new WeakMap<BundledDocument, { readonly family: Family; readonly operations: readonly Operation[] }>();

/** Every operation of a family's bundled document, in the document's order; read once per document. */
export const listOperations = (family: Family, doc: BundledDocument): Operation[] => {
  const cached = cache.get(doc);
  if (cached?.family === family) return [...cached.operations];
  const operations = Object.entries(doc.paths).flatMap(([path, raw]) => {
    const item = dereferenceObject(doc, raw) ?? {};
    return METHODS.flatMap((method) => readOperation(family, doc, path, item, method) ?? []);
  });
  cache.set(doc, { family, operations });
  return [...operations];
};

/** The operation with this id, or undefined. */
export const findOperation = (family: Family, doc: BundledDocument, operationId: string): Operation | undefined =>
  listOperations(family, doc).find((operation) => operation.operationId === operationId);

/** The `application/json` content of a request body or response, when it declares one. */
export const jsonContent = (part: { readonly content?: Readonly<Record<string, MediaType>> } | undefined): MediaType | undefined =>
  part?.content?.['application/json'];
