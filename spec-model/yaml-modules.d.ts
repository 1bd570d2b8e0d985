// The bundled documents imported as parsed objects: the site's Vite plugin and the package build
// (scripts/build/yaml-documents.mjs) turn `generated/<family>/openapi.yaml` into modules.
declare module '*/openapi.yaml' {
  const document: import('./document').BundledDocument;
  export default document;
}
