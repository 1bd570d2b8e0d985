import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { BundledDocument, JsonObject } from './document';

/** Validates values against schemas of a bundled document (JSON Schema 2020-12, as OpenAPI 3.1 uses). */
export const createValidator = (doc: BundledDocument) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components } as object);
  const rebase = (schema: JsonObject): JsonObject =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as JsonObject;
  return (schema: JsonObject, value: unknown): string[] => {
    const validate = ajv.compile(rebase(schema));
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
};
