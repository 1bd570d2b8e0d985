// Validates a routed request against its operation's contract, compiled from the bundled document's own
// schemas with Ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses). Validators are compiled on an operation's first
// request and kept.
import type Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { FieldViolation } from '../../src/errors/api-error';
import type { JsonObject } from '../../spec-model/operation-contract';
import type { OperationContract, ParameterContract } from '../../spec-model/operation-contract';
import { decodeContent, encodedContentOf, type EncodedContent } from './encoded-parameter';
import { schemaView, type SchemaCompilers } from './schema-view';
import { MAX_VIOLATIONS, toFieldViolations } from './violations';

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

interface CompiledOperation {
  readonly path: ValidateFunction | undefined;
  readonly query: ValidateFunction | undefined;
  readonly headers: ValidateFunction | undefined;
  readonly encoded: readonly { readonly parameter: ParameterContract; readonly content: EncodedContent; readonly validate: ValidateFunction }[];
  readonly plainQuery: readonly ParameterContract[];
  readonly body: ValidateFunction | undefined;
}


const requestView = (node: unknown, documentId: string): unknown => schemaView(node, documentId, 'request');

const isArraySchema = (schema: JsonObject): boolean => schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));

export class RequestValidator {
  readonly #contracts: ReadonlyMap<string, OperationContract>;
  readonly #bodyAjv: Ajv2020;
  readonly #parameterAjv: Ajv2020;
  readonly #documentId: string;
  readonly #compiled = new Map<string, CompiledOperation>();

  /**
   * `documentId` names the family's document inside the shared compilers. The document's components are
   * copied here, so the document may be handed on (Prism's bundler rewrites references in place).
   */
  constructor(compilers: SchemaCompilers, documentId: string, document: JsonObject, contracts: ReadonlyMap<string, OperationContract>) {
    this.#contracts = contracts;
    this.#documentId = documentId;
    const components = requestView(document.components ?? {}, documentId) as JsonObject;
    this.#bodyAjv = compilers.body;
    this.#parameterAjv = compilers.parameters;
    for (const ajv of [this.#bodyAjv, this.#parameterAjv]) ajv.addSchema({ $id: documentId, components } as object);
  }

  contract(operationId: string): OperationContract | undefined {
    return this.#contracts.get(operationId);
  }

  #objectValidator(parameters: readonly ParameterContract[]): ValidateFunction | undefined {
    if (parameters.length === 0) return undefined;
    return this.#parameterAjv.compile({
      type: 'object',
      properties: Object.fromEntries(parameters.map((p) => [p.name, requestView(p.schema, this.#documentId)])),
      required: parameters.filter((p) => p.required).map((p) => p.name),
    });
  }

  #compile(contract: OperationContract): CompiledOperation {
    const inPlace = (where: ParameterContract['in']) => contract.parameters.filter((p) => p.in === where);
    const encoded = inPlace('query').flatMap((parameter) => {
      const content = encodedContentOf(parameter.schema);
      return content ? [{ parameter, content, validate: this.#bodyAjv.compile(requestView(content.schema, this.#documentId) as object) }] : [];
    });
    const plainQuery = inPlace('query').filter((p) => !encoded.some((e) => e.parameter === p));
    return {
      path: this.#objectValidator(inPlace('path')),
      query: this.#objectValidator(plainQuery),
      headers: this.#objectValidator(inPlace('header').map((p) => ({ ...p, name: p.name.toLowerCase() }))),
      encoded,
      plainQuery,
      body: contract.body ? this.#bodyAjv.compile(requestView(contract.body.schema, this.#documentId) as object) : undefined,
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
      if (validate && !validate(value)) violations.push(...toFieldViolations((validate.errors ?? []) as ErrorObject[], root));
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
        if (parameter.required) violations.push({ field: parameter.name, description: 'is required', violatedRule: 'REQUIRED_FIELD', ruleName: 'REQUIRED_FIELD' });
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
