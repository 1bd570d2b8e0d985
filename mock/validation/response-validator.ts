// Validates the stateful engine's answers against the operation's declared response schema before they are
// sent: a violation is the mock's own bug, reported as a 500 naming the operation and the field, so a test
// that drives the engine fails on it instead of trusting a wrong answer.
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { FieldViolation } from '../../src/errors/api-error';
import { listOperations, resolveSchema, type BundledDocument, type Family } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/operation-contract';
import { rememberPass, verdictsFor, type FrozenVerdicts } from './frozen-verdicts';
import { schemaView, type SchemaCompilers } from './schema-view';
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
  readonly #compiled = new Map<string, { readonly validate: ValidateFunction; readonly records: ReadonlyMap<string, string> }>();
  readonly #documents: Readonly<Record<Family, JsonObject>>;
  readonly #verdicts: FrozenVerdicts;

  constructor(compilers: SchemaCompilers, documents: Readonly<Record<Family, JsonObject>>) {
    this.#compilers = compilers;
    this.#documents = documents;
    this.#verdicts = verdictsFor(documents);
    for (const [family, document] of Object.entries(documents) as [Family, JsonObject][]) {
      compilers.response.addSchema({ $id: `${family}-response`, components: schemaView(document.components ?? {}, `${family}-response`, 'response') } as object);
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
    let compiled = this.#compiled.get(key);
    if (!compiled) {
      compiled = {
        validate: this.#compilers.response.compile(schemaView(schema, `${entry.family}-response`, 'response') as object),
        records: this.#wrappedRecords(entry.family, schema),
      };
      this.#compiled.set(key, compiled);
    }
    const { validate, records } = compiled;
    if (validate(body)) {
      // `{ cart }` passed: so did its cart, which the event of the same call carries again.
      if (records.size > 0 && typeof body === 'object' && body !== null) {
        for (const [name, ref] of records) rememberPass(this.#verdicts, (body as Record<string, unknown>)[name], ref);
      }
      return undefined;
    }
    const [first] = toFieldViolations((validate.errors ?? []) as ErrorObject[], 'body');
    return first ? { operationId, status, violation: first } : broken('body', 'is invalid');
  }

  /** The answer's properties that are a component as a whole (`cart` of `{ cart }`), with that component's reference. */
  #wrappedRecords(family: Family, schema: JsonObject): ReadonlyMap<string, string> {
    const document = this.#documents[family] as unknown as BundledDocument;
    const properties = resolveSchema(document, schema as Parameters<typeof resolveSchema>[1])?.properties;
    const records = new Map<string, string>();
    if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return records;
    for (const [name, property] of Object.entries(properties as Record<string, JsonObject>)) {
      const ref = property?.$ref;
      if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) records.set(name, `${family}-response${ref}`);
    }
    return records;
  }
}
