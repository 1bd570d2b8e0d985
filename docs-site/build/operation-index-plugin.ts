// Vite plugin: `virtual:operation-index`, every operation of both families (id, method, path, summary, tag)
// read at build time through the spec reader. The explorer's first screen needs only this list; the bundled
// documents load when an operation is opened.
import type { Plugin } from 'vite';
import { type BundledDocument, FAMILIES, type Family, listOperations } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';

export const OPERATION_INDEX_ID = 'virtual:operation-index';
const RESOLVED = `\0${OPERATION_INDEX_ID}`;

export interface OperationIndexEntry {
  readonly family: Family;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
}

/** The index entries of one family's document (the reference pages read the document themselves). */
export const operationIndexOf = (family: Family, doc: BundledDocument): OperationIndexEntry[] =>
  listOperations(family, doc).map((operation) => ({
    family,
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    summary: operation.summary ?? '',
    tag: operation.tags?.[0] ?? 'Other',
  }));

export const readOperationIndex = (): OperationIndexEntry[] => FAMILIES.flatMap((family) => operationIndexOf(family, loadDocument(family)));

export const operationIndexPlugin = (): Plugin => ({
  name: 'storefront:operation-index',
  resolveId: (id) => (id === OPERATION_INDEX_ID ? RESOLVED : undefined),
  load: (id) => (id === RESOLVED ? `export default ${JSON.stringify(readOperationIndex())};` : undefined),
});
