// The bundled documents imported as parsed objects: the Vite plugin (vite-plugin.ts) turns
// `generated/<family>/openapi.yaml` into modules for the site, the package build and the tests.
declare module '*/openapi.yaml' {
  const document: import('./document').BundledDocument;
  export default document;
}
