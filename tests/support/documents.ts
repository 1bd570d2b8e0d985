export * from '../../spec-model/document';
export { loadDocument } from '../../spec-model/load';
