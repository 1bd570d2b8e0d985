// Static and dynamic modes, the Node side: Prism loaded in-process, json-schema-faker bounded, and the handler
// over Prism's operations of both families. Prism's bundler rewrites references inside the document it is
// given, so it gets its own copy: the validators and the answer check keep reading the documents as written.
import type { Family } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import type { PrismMode } from '../modes';
import type { OperationHandler } from '../pipeline/stages/handler';
import { boundDynamicMode } from './dynamic-bounds';
import { loadPrism } from './load-prism';
import { createPrismHandler } from './prism-handler';
import { prismOperations } from './prism-operations';

export const createPrismModeHandler = (
  mode: PrismMode,
  documents: Readonly<Record<Family, JsonObject>>,
  publicUrl: () => string,
): OperationHandler => {
  const prism = loadPrism();
  boundDynamicMode(prism);
  const resources = new Map<string, unknown>();
  for (const document of Object.values(documents)) {
    for (const [operationId, resource] of prismOperations(prism, structuredClone(document))) resources.set(operationId, resource);
  }
  return createPrismHandler({ prism, resources, mode, publicUrl });
};
