// The one Vite plugin that serves the bundled documents: `import document from 'generated/<family>/openapi.yaml'`
// becomes the document read by the spec reader's loader at build time, inlined as JSON text (JSON.parse of one
// string literal is the fastest way for an engine to load an object this large). The browser and the package's
// MSW entry get JSON and no YAML parser. The site, the package build and the tests use it.
import type { Plugin } from 'vite';
import { readDocumentFile } from './load';

const BUNDLED_DOCUMENT = /[\\/]generated[\\/](commerce|platform)[\\/]openapi\.yaml$/;

export const bundledDocumentsPlugin = (): Plugin => ({
  name: 'storefront:bundled-documents',
  enforce: 'pre',
  load(id) {
    const file = id.split('?')[0] ?? id;
    if (!BUNDLED_DOCUMENT.test(file)) return undefined;
    const json = JSON.stringify(readDocumentFile(file));
    return { code: `export default JSON.parse(${JSON.stringify(json)});`, map: null };
  },
});
