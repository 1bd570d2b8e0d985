// What the runtime needs to know of each operation, derived from the bundled document in one place: the
// generator writes it next to every operation function and into the route tables.
import type { HttpMethod, OperationMeta, PagingMeta } from '../src/operations/operation-meta';
import { ENVELOPE_PARAMETER } from '../src/protocol';
import { type BundledDocument, jsonContent, type Operation } from './document';
import type { JsonObject } from './json';
import { pathAliases } from './path-aliases';
import { propertiesOf, resolveSchema } from './schemas';

// The methods the runtime's operation functions call.
const RUNTIME_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

// POSTs that only read: they become queries (cached, deduplicated) in the React bindings, not mutations.
const READ_ONLY_POST = /^(query|search|count|estimate|get|list)[A-Z]/;

/** Whether an operation only reads: a GET, or a POST named as a read (its React binding is a query). */
export const isReadOnly = (operation: Pick<Operation, 'method' | 'operationId'>): boolean =>
  operation.method === 'GET' || (operation.method === 'POST' && READ_ONLY_POST.test(operation.operationId));

const successSchema = (doc: BundledDocument, operation: Operation): JsonObject | undefined => {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2/.test(status)) continue;
    const schema = jsonContent(response)?.schema;
    if (schema) return resolveSchema(doc, schema);
  }
  return undefined;
};

/** Path (property names) to the first property called one of `names`, breadth first, a few levels deep. */
const findProperty = (doc: BundledDocument, schema: JsonObject | undefined, names: readonly string[], depth = 3): string[] | undefined => {
  let level: { schema: JsonObject | undefined; path: string[] }[] = [{ schema, path: [] }];
  for (let d = 0; d < depth && level.length > 0; d += 1) {
    const next: typeof level = [];
    for (const { schema: current, path } of level) {
      const properties = propertiesOf(doc, current);
      for (const name of names) if (properties[name]) return [...path, name];
      for (const [name, child] of Object.entries(properties)) next.push({ schema: child, path: [...path, name] });
    }
    level = next;
  }
  return undefined;
};

const pagingOf = (doc: BundledDocument, operation: Operation): PagingMeta | undefined => {
  const flat = operation.parameters.find((p) => p.in === 'query' && /^(cursorPaging|paging)\.limit$/.test(p.name));
  const envelope = operation.parameters.find((p) => p.name === ENVELOPE_PARAMETER)?.schema?.contentSchema as JsonObject | undefined;
  const body = jsonContent(operation.requestBody)?.schema;
  let request: string[] | undefined;
  if (flat) request = ['query', flat.name.split('.')[0] ?? 'paging'];
  else if (envelope) request = ['query', ...(findProperty(doc, envelope, ['paging', 'cursorPaging']) ?? [])];
  else if (body) {
    const at = findProperty(doc, body, ['paging', 'cursorPaging']);
    if (at) request = ['body', ...at];
  }
  if (!request || request.length < 2) return undefined;
  const style = request[request.length - 1] === 'cursorPaging' ? 'cursor' : 'offset';
  const answer = successSchema(doc, operation);
  const items = Object.entries(propertiesOf(doc, answer)).find(([, schema]) => resolveSchema(doc, schema)?.type === 'array')?.[0];
  if (!items) return undefined;
  const next = style === 'cursor' ? findProperty(doc, answer, ['cursors']) : findProperty(doc, answer, ['total', 'totalResults']);
  return { style, request, items, ...(next && { next: style === 'cursor' ? [...next, 'next'] : next }) };
};

/** The metadata of one operation of a family's bundled document. */
export const operationMeta = (doc: BundledDocument, operation: Operation, all: readonly Operation[]): OperationMeta => {
  if (!RUNTIME_METHODS.includes(operation.method as HttpMethod))
    throw new Error(`${operation.operationId}: the runtime calls no ${operation.method} operations`);
  const method = operation.method as HttpMethod;
  const twinId = operation['x-fallback']?.operationId;
  const twin = twinId ? all.find((candidate) => candidate.operationId === twinId) : undefined;
  if (twinId && !twin) throw new Error(`${operation.operationId}: x-fallback names unknown operation ${twinId}`);
  const readOnly = isReadOnly(operation);
  const noContent = !Object.entries(operation.responses).some(
    ([status, response]) => /^2/.test(status) && response.content?.['application/json'],
  );
  const paging = readOnly ? pagingOf(doc, operation) : undefined;
  const aliases = pathAliases(operation);
  return {
    family: operation.family,
    operationId: operation.operationId,
    method,
    path: operation.path,
    ...(aliases.length > 0 && { aliases }),
    ...(twin && { fallback: { operationId: twin.operationId, method: twin.method as HttpMethod, path: twin.path } }),
    ...(operation.parameters.some((p) => p.name === ENVELOPE_PARAMETER) && { envelope: true }),
    ...(noContent && { noContent: true }),
    ...(readOnly && { readOnly: true }),
    ...(paging && { paging }),
  };
};
