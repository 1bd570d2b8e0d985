// Values checked against schemas of a bundled document, through the one schema compiler, as one side of the wire
// sees them: `request` for what a client sends (a `readOnly` property is not required), `response` for what a
// server answers (a `writeOnly` property is not required).
import type { FieldViolation } from '../src/protocol';
import { toFieldViolations } from './field-violations';
import type { Json } from './json';
import { SchemaCompiler, type WireSide } from './schema-compiler';

const DOCUMENT_ID = 'doc';

const compilerFor = (doc: Json, side: WireSide): SchemaCompiler => {
  const compiler = new SchemaCompiler();
  compiler.register(DOCUMENT_ID, doc, side);
  return compiler;
};

/** `(schema, value) => problems` (`/lineItems/0 must be object`); empty when the value is valid. */
export const createValidator = (doc: Json, side: WireSide) => {
  const compiler = compilerFor(doc, side);
  return (schema: Json, value: unknown): string[] => {
    const validate = compiler.compile(schema, DOCUMENT_ID);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
};

/**
 * The same validation, answered as the platform's field violations (`lineItems[0].quantity`, `REQUIRED_FIELD`):
 * what the explorer shows for a body being typed (request side) and for the contract verdict on an answer
 * (response side). The mock's request check compiles with the same options, so both judge a body alike.
 */
export const createFieldValidator = (doc: Json, side: WireSide) => {
  const compiler = compilerFor(doc, side);
  return (schema: Json, value: unknown, root = 'body'): FieldViolation[] => {
    const validate = compiler.compile(schema, DOCUMENT_ID);
    return validate(value) ? [] : toFieldViolations(validate.errors ?? [], root);
  };
};
