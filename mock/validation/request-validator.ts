// Validates a routed request against its operation's contract, as the spec reader reads it, compiled by the
// spec reader's schema compiler on the request side (a `readOnly` property is never required from a client).
// Validators are compiled on an operation's first request and kept.

import { asBundledDocument, type Family, jsonContent, listOperations, type Parameter } from '../../spec-model/document';
import { responseExampleNames } from '../../spec-model/examples';
import { MAX_VIOLATIONS, toFieldViolations } from '../../spec-model/field-violations';
import type { JsonObject } from '../../spec-model/json';
import { declaredStatuses } from '../../spec-model/responses';
import type { SchemaCompiler, ValidateFunction } from '../../spec-model/schema-compiler';
import type { SecurityRequirement } from '../../spec-model/security';
import { type FieldViolation, fieldViolation, sortViolations } from '../../src/protocol';
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

interface EncodedParameter {
  readonly parameter: ParameterContract;
  readonly content: EncodedContent;
  readonly validate: ValidateFunction;
}

/** What judges a request's message (its body and the messages encoded in its query), lenient or strict. */
interface MessageChecks {
  readonly encoded: readonly EncodedParameter[];
  readonly body: ValidateFunction | undefined;
}

interface CompiledOperation extends MessageChecks {
  readonly path: ValidateFunction | undefined;
  readonly query: ValidateFunction | undefined;
  readonly headers: ValidateFunction | undefined;
  readonly plainQuery: readonly ParameterContract[];
  /** The strict setting's checks, compiled on the first strict request. */
  strict?: MessageChecks;
}

export interface ValidateOptions {
  /** Refuse every field and query parameter the contract does not declare (FIELD_NOT_ALLOWED), by its path. */
  readonly strict?: boolean;
}

const MISSING_BODY: FieldViolation = fieldViolation('body', 'is required', 'REQUIRED_FIELD');

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
    for (const compiler of [compilers.body, compilers.strictBody, compilers.parameters]) compiler.register(family, document, 'request');
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

  #messageChecks(contract: OperationContract, compiler: SchemaCompiler): MessageChecks {
    const encoded = contract.parameters.flatMap((parameter) => {
      const content = parameter.in === 'query' ? encodedContentOf(parameter.schema) : undefined;
      return content ? [{ parameter, content, validate: compiler.compile(content.schema, this.#documentId) }] : [];
    });
    return { encoded, body: contract.body ? compiler.compile(contract.body.schema, this.#documentId) : undefined };
  }

  #compile(contract: OperationContract): CompiledOperation {
    const inPlace = (where: ParameterContract['in']) => contract.parameters.filter((p) => p.in === where);
    const messages = this.#messageChecks(contract, this.#compilers.body);
    const plainQuery = inPlace('query').filter((p) => !messages.encoded.some((e) => e.parameter === p));
    return {
      ...messages,
      path: this.#objectValidator(inPlace('path')),
      query: this.#objectValidator(plainQuery),
      headers: this.#objectValidator(inPlace('header').map((p) => ({ ...p, name: p.name.toLowerCase() }))),
      plainQuery,
    };
  }

  /** The operation's verdict on a request: coerced parameters, or every violation found (up to a bound). */
  validate(operationId: string, parts: RequestParts, options: ValidateOptions = {}): Verdict {
    const contract = this.#contracts.get(operationId);
    if (!contract) return { ok: true, query: {}, pathParams: { ...parts.pathParams } };
    let compiled = this.#compiled.get(operationId);
    if (!compiled) {
      compiled = this.#compile(contract);
      this.#compiled.set(operationId, compiled);
    }
    let messages: MessageChecks = compiled;
    if (options.strict) messages = compiled.strict ??= this.#messageChecks(contract, this.#compilers.strictBody);
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
    if (options.strict) {
      for (const name of new Set(parts.search.keys())) {
        if (!contract.parameters.some((p) => p.in === 'query' && p.name === name))
          violations.push(fieldViolation(name, 'is not allowed', 'FIELD_NOT_ALLOWED'));
      }
    }
    for (const { parameter, content, validate } of messages.encoded) {
      const value = parts.search.get(parameter.name);
      if (value === null) {
        if (parameter.required) violations.push(fieldViolation(parameter.name, 'is required', 'REQUIRED_FIELD'));
        continue;
      }
      const decoded = decodeContent(value, content);
      if (!decoded.ok) {
        violations.push(fieldViolation(parameter.name, decoded.description, 'FORMAT'));
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

    if (messages.body) {
      // A body left out is the empty message, as on the platform: its required fields are reported one by one,
      // and a required body whose fields are all optional is reported itself.
      const found = violations.length;
      check(messages.body, parts.body === undefined ? {} : parts.body, 'body');
      if (parts.body === undefined && contract.body?.required && violations.length === found) violations.push(MISSING_BODY);
    }

    if (violations.length > 0) return { ok: false, violations: sortViolations(violations).slice(0, MAX_VIOLATIONS) };
    return { ok: true, query, pathParams };
  }
}
