// Modules the build plugins provide (docs-site/build/).
declare module 'virtual:operation-index' {
  const index: readonly import('../../build/operation-index-plugin').OperationIndexEntry[];
  export default index;
}
