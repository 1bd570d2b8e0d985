// A Vite plugin shared by the build and the tests: `import document from '.../openapi.yaml'` becomes the
// parsed document, inlined as JSON text (JSON.parse of one string is the fastest way for a browser to load a
// large object). The MSW entry carries the bundled documents this way, with no YAML parser at run time.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export const yamlDocuments = () => ({
  name: 'storefront-yaml-documents',
  enforce: 'pre',
  load(id) {
    const file = id.split('?')[0];
    if (!file.endsWith('.yaml')) return undefined;
    const document = parse(readFileSync(file, 'utf8'));
    return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(document))});`, map: null };
  },
});
