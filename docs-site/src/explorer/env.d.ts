// Modules the build plugins provide (docs-site/build/).
declare module 'virtual:operation-index' {
  const index: readonly import('../../build/operation-index-plugin').OperationIndexEntry[];
  export default index;
}

declare module '*/openapi.yaml' {
  const document: import('../../../spec-model/document').BundledDocument;
  export default document;
}
