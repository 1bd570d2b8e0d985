// Vite plugin: importing a bundled document (`generated/<family>/openapi.yaml`) gives its parsed content. The
// YAML is parsed here, at build time, so the browser gets JSON and no YAML parser.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { parse } from 'yaml';

export const bundledDocumentPlugin = (): Plugin => ({
  name: 'storefront:bundled-document',
  enforce: 'pre',
  load(id) {
    if (!/[\\/]generated[\\/](commerce|platform)[\\/]openapi\.yaml$/.test(id)) return undefined;
    const json = JSON.stringify(parse(readFileSync(id, 'utf8')));
    // JSON.parse of one string literal is faster for the engine than an object literal this large.
    return { code: `export default JSON.parse(${JSON.stringify(json)});`, map: null };
  },
});
