// The platform's wording of Ajv verdicts lives with the spec reader, shared with the explorer.
export * from '../../spec-model/field-violations';
