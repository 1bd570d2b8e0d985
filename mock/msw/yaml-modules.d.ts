// The bundled documents, imported as parsed objects (scripts/build/yaml-documents.mjs makes them modules).
declare module '*/openapi.yaml' {
  const document: { [key: string]: unknown };
  export default document;
}
