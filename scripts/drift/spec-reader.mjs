// Drift's view of the bundled spec, through the one spec reader (spec-model/): each operation with its raw
// node (for x-deviation), resolved parameters, request body schema and first success schema.
import { join } from 'node:path';
import { listOperations } from '../../spec-model/document.ts';
import { loadDocument } from '../../spec-model/load.ts';

/** A family's bundled document and its operations, parameters resolved, with request body and success schemas. */
export const readBundledSpec = (root, family) => {
  const doc = loadDocument(family, join(root, 'generated', family, 'openapi.yaml'));
  const operations = listOperations(family, doc).map((operation) => {
    const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
    return {
      family,
      method: operation.method,
      path: operation.path,
      operationId: operation.operationId,
      operation,
      parameters: operation.parameters,
      body: operation.requestBody?.content?.['application/json']?.schema,
      response: success?.[1]?.content?.['application/json']?.schema,
    };
  });
  return { doc, operations };
};
