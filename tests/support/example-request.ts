export * from '../../spec-model/examples';
