// Node side of the spec reader: the bundled documents as `npm run generate` wrote them, parsed by the one YAML
// reader. It is the parser Prism itself uses (@stoplight/yaml): about three times faster than `yaml` on the
// bundles, which matters for the mock's start-up budget, and it reads them to the same values.
import { readFileSync } from 'node:fs';
import { parse } from '@stoplight/yaml';
import { asBundledDocument, type BundledDocument, type Family, listOperations, type Operation } from './document';
import type { Json } from './json';

/** YAML (or JSON) text as its value. */
export const parseYaml = (text: string): Json => parse(text) as Json;

export const documentPath = (family: Family): URL => new URL(`../generated/${family}/openapi.yaml`, import.meta.url);

/**
 * A bundled document parsed afresh (never cached, so a caller may hand it to a tool that rewrites it in place,
 * as Prism's bundler does).
 */
export const readDocumentFile = (path: URL | string): BundledDocument => {
  try {
    return asBundledDocument(parseYaml(readFileSync(path, 'utf8')));
  } catch (error) {
    throw new Error(`${String(path)}: ${(error as Error).message}`);
  }
};

const cache = new Map<string, BundledDocument>();

/** A family's bundled document, parsed once per path and shared: read it, never change it. */
export const loadDocument = (family: Family, path: URL | string = documentPath(family)): BundledDocument => {
  const key = String(path);
  let doc = cache.get(key);
  if (!doc) {
    doc = readDocumentFile(path);
    cache.set(key, doc);
  }
  return doc;
};

export const loadOperations = (family: Family): Operation[] => listOperations(family, loadDocument(family));
