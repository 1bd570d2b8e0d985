// Node side of the documents: both families' bundled documents as `npm run generate` wrote them, parsed afresh
// (Prism's bundler rewrites the copy it is given).
import type { Family } from '../../spec-model/document';
import { documentPath, parseDocumentFile } from '../../spec-model/load';
import type { JsonObject } from '../../spec-model/operation-contract';

export const readDocuments = (): Record<Family, JsonObject> => ({
  commerce: parseDocumentFile(documentPath('commerce')),
  platform: parseDocumentFile(documentPath('platform')),
});
