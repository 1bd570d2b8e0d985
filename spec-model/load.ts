// Node side of the spec reader: the bundled documents as `npm run generate` wrote them.
import { readFileSync } from 'node:fs';
import { parse as parseFast } from '@stoplight/yaml';
import { parse } from 'yaml';
import { listOperations, type BundledDocument, type Family, type Operation } from './document';

export const documentPath = (family: Family): URL => new URL(`../generated/${family}/openapi.yaml`, import.meta.url);

const cache = new Map<string, BundledDocument>();

/** A family's bundled document, parsed once per path. */
export const loadDocument = (family: Family, path: URL | string = documentPath(family)): BundledDocument => {
  const key = String(path);
  let doc = cache.get(key);
  if (!doc) {
    doc = parse(readFileSync(path, 'utf8')) as BundledDocument;
    cache.set(key, doc);
  }
  return doc;
};

export const loadOperations = (family: Family): Operation[] => listOperations(family, loadDocument(family));

/**
 * A bundled document parsed afresh (never cached, so a caller may hand it to a tool that rewrites it in place),
 * with the YAML reader Prism itself uses: about three times faster than `yaml`, which matters for the mock's
 * start-up budget of two seconds.
 */
export const parseDocumentFile = (path: URL | string): Record<string, unknown> => {
  const document = parseFast(readFileSync(path, 'utf8')) as unknown;
  if (typeof document !== 'object' || document === null) throw new Error(`${String(path)} is not an OpenAPI document`);
  return document as Record<string, unknown>;
};
