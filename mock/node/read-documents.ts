// Node side of the documents: both families' bundled documents as `npm run generate` wrote them, parsed afresh
// by the spec reader's loader (Prism's bundler rewrites the copy it is given).
import type { BundledDocument, Family } from '../../spec-model/document';
import { documentPath, readDocumentFile } from '../../spec-model/load';

export const readDocuments = (): Record<Family, BundledDocument> => ({
  commerce: readDocumentFile(documentPath('commerce')),
  platform: readDocumentFile(documentPath('platform')),
});
