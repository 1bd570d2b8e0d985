import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FieldViolation } from '../src/errors/api-error';
import type { BundledDocument, JsonObject } from './document';
import { toFieldViolations } from './field-violations';

/** One Ajv per document, its components registered once; schemas compiled on first use and kept. */
const compilerFor = (doc: BundledDocument) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components } as object);
  const compiled = new WeakMap<JsonObject, ValidateFunction>();
  return (schema: JsonObject): ValidateFunction => {
    let validate = compiled.get(schema);
    if (!validate) {
      const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as JsonObject;
      validate = ajv.compile(rebased);
      compiled.set(schema, validate);
    }
    return validate;
  };
};

/** Validates values against schemas of a bundled document (JSON Schema 2020-12, as OpenAPI 3.1 uses). */
export const createValidator = (doc: BundledDocument) => {
  const compile = compilerFor(doc);
  return (schema: JsonObject, value: unknown): string[] => {
    const validate = compile(schema);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
};

/**
 * The same validation, answered as the platform's field violations (`lineItems[0].quantity`, `REQUIRED_FIELD`):
 * what the explorer shows for a body being typed and for the contract verdict on an answer.
 */
export const createFieldValidator = (doc: BundledDocument) => {
  const compile = compilerFor(doc);
  return (schema: JsonObject, value: unknown, root = 'body'): FieldViolation[] => {
    const validate = compile(schema);
    return validate(value) ? [] : toFieldViolations(validate.errors ?? [], root);
  };
};
