// Drift's view of the bundled spec, through the one spec reader (spec-model/): each operation with its
// parameters, request body schema and first success schema.
import { join } from 'node:path';
import { type BundledDocument, type Family, jsonContent, listOperations, type Operation, type Parameter } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import { loadDocument } from '../../spec-model/load';

export interface SpecOperation {
  readonly family: Family;
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  /** The operation as the spec reader reads it (its `x-deviation` and `x-fallback` included). */
  readonly operation: Operation;
  readonly parameters: readonly Parameter[];
  readonly body: JsonObject | undefined;
  readonly response: JsonObject | undefined;
}

/** A family's bundled document and its operations, with request body and success schemas. */
export const readBundledSpec = (root: string, family: Family): { doc: BundledDocument; operations: SpecOperation[] } => {
  const doc = loadDocument(family, join(root, 'generated', family, 'openapi.yaml'));
  const operations = listOperations(family, doc).map((operation): SpecOperation => {
    const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
    return {
      family,
      method: operation.method,
      path: operation.path,
      operationId: operation.operationId,
      operation,
      parameters: operation.parameters,
      body: jsonContent(operation.requestBody)?.schema,
      response: jsonContent(success?.[1])?.schema,
    };
  });
  return { doc, operations };
};
