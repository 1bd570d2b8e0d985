// Validates the stateful engine's answers against the operation's declared response schema before they are
// sent: a violation is the mock's own bug, reported as a 500 naming the operation and the field, so a test
// that drives the engine fails on it instead of trusting a wrong answer.
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { FieldViolation } from '../../src/errors/api-error';
import { listOperations, type BundledDocument, type Family } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/operation-contract';
import { installCheckedRefs, verdictsFor } from './frozen-verdicts';
import { recordComponents, responseComponentsView, schemaView, type SchemaCompilers } from './schema-view';
import { toFieldViolations } from './violations';

export interface ResponseViolation {
  readonly operationId: string;
  readonly status: number;
  readonly violation: FieldViolation;
}

export class ResponseValidator {
  readonly #compilers: SchemaCompilers;
  /** operationId -> status -> the JSON schema of that answer (undefined: the status declares no JSON body). */
  readonly #schemas = new Map<string, { readonly family: Family; readonly byStatus: ReadonlyMap<number, JsonObject | undefined> }>();
  readonly #compiled = new Map<string, ValidateFunction>();
  readonly #records = new Map<Family, ReadonlySet<string>>();

  constructor(compilers: SchemaCompilers, documents: Readonly<Record<Family, JsonObject>>) {
    this.#compilers = compilers;
    installCheckedRefs(compilers.response, verdictsFor(documents));
    for (const [family, document] of Object.entries(documents) as [Family, JsonObject][]) {
      compilers.response.addSchema({ $id: `${family}-response`, components: responseComponentsView(document, `${family}-response`) } as object);
      this.#records.set(family, recordComponents((document.components ?? {}) as JsonObject));
      for (const operation of listOperations(family, document as unknown as BundledDocument)) {
        const byStatus = new Map<number, JsonObject | undefined>();
        for (const [status, response] of Object.entries(operation.responses)) {
          const schema = response.content?.['application/json']?.schema;
          byStatus.set(Number(status), schema as JsonObject | undefined);
        }
        this.#schemas.set(operation.operationId, { family, byStatus });
      }
    }
  }

  /** Whether the operation declares this status. */
  declares(operationId: string, status: number): boolean {
    return this.#schemas.get(operationId)?.byStatus.has(status) ?? false;
  }

  /** The first way the answer breaks the operation's contract, or undefined when it keeps it. */
  check(operationId: string, status: number, body: unknown): ResponseViolation | undefined {
    const entry = this.#schemas.get(operationId);
    const broken = (field: string, description: string): ResponseViolation => ({
      operationId,
      status,
      violation: { field, description, violatedRule: 'VALIDATION', ruleName: 'VALIDATION' },
    });
    if (!entry) return broken('status', `${operationId} is not an operation of the documents`);
    if (!entry.byStatus.has(status)) return broken('status', `${status} is not a status ${operationId} declares`);
    const schema = entry.byStatus.get(status);
    if (!schema) return body === undefined ? undefined : broken('body', 'must be empty: the status declares no JSON body');
    const key = `${operationId} ${status}`;
    let validate = this.#compiled.get(key);
    if (!validate) {
      validate = this.#compilers.response.compile(schemaView(schema, `${entry.family}-response`, 'response', this.#records.get(entry.family)) as object);
      this.#compiled.set(key, validate);
    }
    if (validate(body)) return undefined;
    const [first] = toFieldViolations((validate.errors ?? []) as ErrorObject[], 'body');
    return first ? { operationId, status, violation: first } : broken('body', 'is invalid');
  }
}
