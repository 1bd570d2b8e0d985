// The contract's verdict on one answer of an operation, as a client reads it: a 5xx is the mock's failure, the
// status must be one the operation declares, and an application error's code one the operation declares for
// that status. The fuzz and the property suite judge every answer with it.
import { resolveSchema, type BundledDocument, type Json, type JsonObject, type Operation } from '../../spec-model/document';
import { declaredResponse } from '../../spec-model/responses';

export type AnswerVerdict =
  | { readonly kind: 'kept' }
  | { readonly kind: 'server-error'; readonly code: string | undefined }
  | { readonly kind: 'undeclared-status'; readonly code: string | undefined }
  | { readonly kind: 'undeclared-code'; readonly code: string; readonly declared: readonly string[] };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'];

/** Every schema a property `name` may be checked against: through references and each branch of a combinator. */
const propertyOf = (doc: BundledDocument, node: Json | undefined, name: string): JsonObject[] => {
  const schema = isObject(node) ? resolveSchema(doc, node) : undefined;
  if (!schema) return [];
  const property = isObject(schema.properties) ? schema.properties[name] : undefined;
  const branches = COMBINATORS.flatMap((keyword) => {
    const list = schema[keyword];
    return Array.isArray(list) ? list : [];
  });
  return [...(isObject(property) ? [property] : []), ...branches.flatMap((branch) => propertyOf(doc, branch, name))];
};

/**
 * The application-error codes a response schema enumerates at `details.applicationError.code` (every branch of
 * its `allOf`, `anyOf` and `oneOf`); empty when the code is an open string.
 */
export const enumeratedCodes = (doc: BundledDocument, schema: Json | undefined): string[] => {
  if (!isObject(schema)) return [];
  const codes = propertyOf(doc, schema, 'details')
    .flatMap((details) => propertyOf(doc, details, 'applicationError'))
    .flatMap((error) => propertyOf(doc, error, 'code'))
    .map((code) => resolveSchema(doc, code) ?? {})
    .flatMap((code) => [...(Array.isArray(code.enum) ? code.enum : []), ...('const' in code ? [code.const] : [])]);
  return [...new Set(codes.filter((code): code is string => typeof code === 'string'))];
};

/** The codes `operation` declares for `status` (its exact status, else its range, else `default`). */
export const declaredCodesOf = (doc: BundledDocument, operation: Operation, status: number): string[] =>
  enumeratedCodes(doc, declaredResponse(operation, status)?.json?.schema);

const codeOf = (text: string): string | undefined => {
  try {
    const body = JSON.parse(text) as { details?: { applicationError?: { code?: unknown } } };
    const code = body?.details?.applicationError?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
};

/** The verdict on an answer `operation` gave with `status` and body `text`. */
export const judgeAnswer = (doc: BundledDocument, operation: Operation, status: number, text: string): AnswerVerdict => {
  const code = status >= 400 ? codeOf(text) : undefined;
  if (status >= 500) return { kind: 'server-error', code };
  if (!declaredResponse(operation, status)) return { kind: 'undeclared-status', code };
  if (code === undefined) return { kind: 'kept' };
  const declared = declaredCodesOf(doc, operation, status);
  return declared.includes(code) ? { kind: 'kept' } : { kind: 'undeclared-code', code, declared };
};
