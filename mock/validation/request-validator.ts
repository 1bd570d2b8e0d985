// Validates a routed request against its operation's contract, as the spec reader reads it, compiled by the
// spec reader's schema compiler on the request side (a `readOnly` property is never required from a client).
// Validators are compiled on an operation's first request and kept.

import { asBundledDocument, type Family, jsonContent, listOperations, type Parameter } from '../../spec-model/document';
import { responseExampleNames } from '../../spec-model/examples';
import { MAX_VIOLATIONS, toFieldViolations } from '../../spec-model/field-violations';
import type { JsonObject } from '../../spec-model/json';
import { declaredStatuses } from '../../spec-model/responses';
import type { ValidateFunction } from '../../spec-model/schema-compiler';
import type { SecurityRequirement } from '../../spec-model/security';
import type { FieldViolation } from '../../src/protocol';
import type { PreferableAnswer } from '../pipeline/prefer-header';
import { decodeContent, type EncodedContent, encodedContentOf } from './encoded-parameter';
import type { SchemaCompilers } from './schema-compilers';

export interface RequestParts {
  /** Path parameters, percent-decoded. */
  readonly pathParams: Readonly<Record<string, string>>;
  readonly search: URLSearchParams;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body; undefined when none was sent. */
  readonly body: unknown;
}

export type Verdict =
  | { readonly ok: true; readonly query: Record<string, unknown>; readonly pathParams: Record<string, unknown> }
  | { readonly ok: false; readonly violations: FieldViolation[] };

export interface ParameterContract {
  readonly name: string;
  readonly in: Parameter['in'];
  readonly required: boolean;
  readonly schema: JsonObject;
}

/** What the pipeline checks of a request before its handler runs. */
export interface OperationContract {
  readonly operationId: string;
  readonly parameters: readonly ParameterContract[];
  /** Schema of the `application/json` request body, when the operation takes one. */
  readonly body?: { readonly required: boolean; readonly schema: JsonObject };
  /** Empty: no credentials needed. Otherwise any one requirement must be met. */
  readonly security: readonly SecurityRequirement[];
  /** The statuses the operation declares exactly (no ranges, no `default`), ascending, with their examples' names: what `Prefer` may ask for. */
  readonly answers: readonly PreferableAnswer[];
}

interface CompiledOperation {
  readonly path: ValidateFunction | undefined;
  readonly query: ValidateFunction | undefined;
  readonly headers: ValidateFunction | undefined;
  readonly encoded: readonly {
    readonly parameter: ParameterContract;
    readonly content: EncodedContent;
    readonly validate: ValidateFunction;
  }[];
  readonly plainQuery: readonly ParameterContract[];
  readonly body: ValidateFunction | undefined;
}

const isArraySchema = (schema: JsonObject): boolean =>
  schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));

/** The contracts of a document's operations, copied: the document may be rewritten in place afterwards (Prism's bundler does). */
const readContracts = (family: Family, document: JsonObject): Map<string, OperationContract> =>
  new Map(
    listOperations(family, asBundledDocument(document)).map((operation) => {
      const body = jsonContent(operation.requestBody)?.schema;
      const contract: OperationContract = {
        operationId: operation.operationId,
        parameters: operation.parameters.map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required,
          schema: structuredClone(p.schema ?? {}),
        })),
        ...(body && { body: { required: operation.requestBody?.required === true, schema: structuredClone(body) } }),
        security: operation.security,
        answers: declaredStatuses(operation).map((status) => ({ status, examples: responseExampleNames(operation, status) })),
      };
      return [operation.operationId, contract];
    }),
  );

export class RequestValidator {
  readonly #contracts: ReadonlyMap<string, OperationContract>;
  readonly #compilers: SchemaCompilers;
  readonly #documentId: string;
  readonly #compiled = new Map<string, CompiledOperation>();

  /**
   * The family's document is registered in the shared compilers under the family's name. What the validator
   * needs of it is copied here, so the document may be handed on (Prism's bundler rewrites references in place).
   */
  constructor(compilers: SchemaCompilers, family: Family, document: JsonObject) {
    this.#contracts = readContracts(family, document);
    this.#documentId = family;
    this.#compilers = compilers;
    for (const compiler of [compilers.body, compilers.parameters]) compiler.register(family, document, 'request');
  }

  contract(operationId: string): OperationContract | undefined {
    return this.#contracts.get(operationId);
  }

  #objectValidator(parameters: readonly ParameterContract[]): ValidateFunction | undefined {
    if (parameters.length === 0) return undefined;
    return this.#compilers.parameters.compile(
      {
        type: 'object',
        properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
        required: parameters.filter((p) => p.required).map((p) => p.name),
      },
      this.#documentId,
    );
  }

  #compile(contract: OperationContract): CompiledOperation {
    const inPlace = (where: ParameterContract['in']) => contract.parameters.filter((p) => p.in === where);
    const encoded = inPlace('query').flatMap((parameter) => {
      const content = encodedContentOf(parameter.schema);
      return content ? [{ parameter, content, validate: this.#compilers.body.compile(content.schema, this.#documentId) }] : [];
    });
    const plainQuery = inPlace('query').filter((p) => !encoded.some((e) => e.parameter === p));
    return {
      path: this.#objectValidator(inPlace('path')),
      query: this.#objectValidator(plainQuery),
      headers: this.#objectValidator(inPlace('header').map((p) => ({ ...p, name: p.name.toLowerCase() }))),
      encoded,
      plainQuery,
      body: contract.body ? this.#compilers.body.compile(contract.body.schema, this.#documentId) : undefined,
    };
  }

  /** The operation's verdict on a request: coerced parameters, or every violation found (up to a bound). */
  validate(operationId: string, parts: RequestParts): Verdict {
    const contract = this.#contracts.get(operationId);
    if (!contract) return { ok: true, query: {}, pathParams: { ...parts.pathParams } };
    let compiled = this.#compiled.get(operationId);
    if (!compiled) {
      compiled = this.#compile(contract);
      this.#compiled.set(operationId, compiled);
    }
    const violations: FieldViolation[] = [];
    const check = (validate: ValidateFunction | undefined, value: unknown, root: string): void => {
      if (validate && !validate(value)) violations.push(...toFieldViolations(validate.errors ?? [], root));
    };

    const pathParams: Record<string, unknown> = { ...parts.pathParams };
    check(compiled.path, pathParams, 'path');

    const query: Record<string, unknown> = {};
    for (const parameter of compiled.plainQuery) {
      const values = parts.search.getAll(parameter.name);
      if (values.length === 0) continue;
      query[parameter.name] = isArraySchema(parameter.schema) ? values : values[0];
    }
    check(compiled.query, query, 'query');
    for (const { parameter, content, validate } of compiled.encoded) {
      const value = parts.search.get(parameter.name);
      if (value === null) {
        if (parameter.required)
          violations.push({
            field: parameter.name,
            description: 'is required',
            violatedRule: 'REQUIRED_FIELD',
            ruleName: 'REQUIRED_FIELD',
          });
        continue;
      }
      const decoded = decodeContent(value, content);
      if (!decoded.ok) {
        violations.push({ field: parameter.name, description: decoded.description, violatedRule: 'FORMAT', ruleName: 'FORMAT' });
        continue;
      }
      query[parameter.name] = decoded.value;
      // The message inside is the request itself: its fields are named as the platform names them.
      check(validate, decoded.value, parameter.name);
    }

    const headers: Record<string, unknown> = {};
    for (const parameter of contract.parameters) {
      const name = parameter.name.toLowerCase();
      if (parameter.in === 'header' && parts.headers[name] !== undefined) headers[name] = parts.headers[name];
    }
    check(compiled.headers, headers, 'headers');

    // An empty body is the empty message, as on the platform: its required fields are reported one by one.
    if (compiled.body) check(compiled.body, parts.body === undefined ? {} : parts.body, 'body');

    if (violations.length > 0) return { ok: false, violations: violations.slice(0, MAX_VIOLATIONS) };
    return { ok: true, query, pathParams };
  }
}
