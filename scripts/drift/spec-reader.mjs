// The one place drift reads the bundled spec (to be replaced by the shared spec reader).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** A family's bundled document and its operations, parameters resolved, with request body and success schemas. */
export const readBundledSpec = (root, family) => {
  const doc = YAML.parse(readFileSync(join(root, 'generated', family, 'openapi.yaml'), 'utf8'));
  const byRef = (node, kind) => (node?.$ref ? doc.components[kind][node.$ref.split('/').pop()] : node);
  const operations = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => byRef(p, 'parameters'));
      const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'));
      const response = success ? byRef(success[1], 'responses') : undefined;
      operations.push({
        family,
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
        operation,
        parameters,
        body: operation.requestBody?.content?.['application/json']?.schema,
        response: response?.content?.['application/json']?.schema,
      });
    }
  }
  return { doc, operations };
};
