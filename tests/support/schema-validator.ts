export * from '../../spec-model/validators';
