// Validates answers against the operation's declared responses: the mock's own before they are sent (a
// violation is the mock's bug, reported as a 500 naming the operation and the field, so a test that drives the
// engine fails on it instead of trusting a wrong answer), and in proxy mode an upstream's, every way it breaks
// the contract. The answers are compiled on the response side (a `writeOnly` property is never required in an
// answer).

import { declaredCodes } from '../../spec-model/declared-codes';
import { asBundledDocument, type BundledDocument, type Family, listOperations, type Operation } from '../../spec-model/document';
import { MAX_VIOLATIONS, toFieldViolations } from '../../spec-model/field-violations';
import type { JsonObject } from '../../spec-model/json';
import { schemaPointer } from '../../spec-model/pointer';
import { declaredResponse } from '../../spec-model/responses';
import type { ValidateFunction } from '../../spec-model/schema-compiler';
import { type NarrowedRecord, narrowedRecords, propertyComponents } from '../../spec-model/schemas';
import { type FieldViolation, fieldViolation } from '../../src/protocol';
import { type FrozenVerdicts, rememberPass, verdictsFor } from './frozen-verdicts';
import type { SchemaCompilers } from './schema-compilers';

export interface ResponseViolation {
  readonly operationId: string;
  readonly status: number;
  readonly violation: FieldViolation;
}

/** The id a family's document is registered under on the response side; frozen verdicts name components by it. */
export const responseDocumentId = (family: Family): string => `${family}-response`;

/** The body of an answer whose text is not JSON, for `violations`. */
export const NOT_JSON: unique symbol = Symbol('not JSON');

const CODE_FIELD = 'details.applicationError.code';

const applicationErrorCode = (body: unknown): string | undefined => {
  const details = typeof body === 'object' && body !== null ? (body as { details?: unknown }).details : undefined;
  const error = typeof details === 'object' && details !== null ? (details as { applicationError?: unknown }).applicationError : undefined;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
};

/** An answer schema compiled, with the records it wraps (by full reference) and those it only narrows. */
interface CompiledAnswer {
  readonly validate: ValidateFunction;
  readonly records: ReadonlyMap<string, string>;
  readonly narrowed: ReadonlyMap<string, NarrowedRecord & { readonly ref: string }>;
}

export class ResponseValidator {
  readonly #compilers: SchemaCompilers;
  readonly #operations = new Map<string, Operation>();
  readonly #compiled = new Map<string, CompiledAnswer>();
  readonly #documents = new Map<Family, BundledDocument>();
  readonly #records = new Map<string, ValidateFunction>();
  readonly #verdicts: FrozenVerdicts;

  constructor(compilers: SchemaCompilers, documents: Readonly<Record<Family, JsonObject>>) {
    this.#compilers = compilers;
    this.#verdicts = verdictsFor(documents);
    for (const [family, json] of Object.entries(documents) as [Family, JsonObject][]) {
      const document = asBundledDocument(json);
      this.#documents.set(family, document);
      compilers.response.register(responseDocumentId(family), document, 'response');
      for (const operation of listOperations(family, document)) this.#operations.set(operation.operationId, operation);
    }
  }

  /** Whether the operation declares this status (itself, by its range or by `default`). */
  declares(operationId: string, status: number): boolean {
    const operation = this.#operations.get(operationId);
    return operation !== undefined && declaredResponse(operation, status) !== undefined;
  }

  /**
   * How a record about to be stored breaks its component schema as answers carry it (`FileDescriptor` of the
   * family's document), the fields named from the record's root; empty when it keeps it.
   */
  recordViolations(family: Family, component: string, record: unknown, root: string): FieldViolation[] {
    const slot = `${family} ${component}`;
    let validate = this.#records.get(slot);
    if (!validate) {
      validate = this.#compilers.response.compile({ $ref: `#/components/schemas/${component}` }, responseDocumentId(family));
      this.#records.set(slot, validate);
    }
    if (validate(record)) return [];
    return toFieldViolations(validate.errors ?? [], '').map((violation) => ({
      ...violation,
      field: violation.field ? `${root}.${violation.field}` : root,
    }));
  }

  /**
   * Remembers that a stored record passed its component schema (the store checked it when it was put): an answer
   * that wraps it alone is then checked only for the fields it adds to the component.
   */
  recordKept(family: Family, component: string, record: unknown): void {
    rememberPass(this.#verdicts, record, `${responseDocumentId(family)}${schemaPointer(component)}`);
  }

  /** The first way the answer breaks the operation's contract, or undefined when it keeps it. */
  check(operationId: string, status: number, body: unknown): ResponseViolation | undefined {
    const operation = this.#operations.get(operationId);
    const broken = (field: string, description: string): ResponseViolation => ({
      operationId,
      status,
      violation: fieldViolation(field, description, 'VALIDATION'),
    });
    if (!operation) return broken('status', `${operationId} is not an operation of the documents`);
    const declared = declaredResponse(operation, status);
    if (!declared) return broken('status', `${status} is not a status ${operationId} declares`);
    const schema = declared.json?.schema;
    if (!schema) return body === undefined ? undefined : broken('body', 'must be empty: the status declares no JSON body');
    const { validate, records, narrowed } = this.#compiledFor(operation, declared.key, schema);
    if (this.#provenAlone(narrowed, body)) return undefined;
    if (validate(body)) {
      // `{ cart }` passed: so did its cart, which the event of the same call carries again.
      if (records.size > 0 && typeof body === 'object' && body !== null) {
        for (const [name, ref] of records) rememberPass(this.#verdicts, (body as Record<string, unknown>)[name], ref);
      }
      return undefined;
    }
    const [first] = toFieldViolations(validate.errors ?? [], 'body');
    return first ? { operationId, status, violation: first } : broken('body', 'is invalid');
  }

  /**
   * Every way an answer breaks the operation's contract (at most MAX_VIOLATIONS): an undeclared status, a body
   * where none is declared or one that is not JSON, each field against that status's schema, and an application
   * error's code the operation does not declare for the status. `body` is the parsed JSON, or `NOT_JSON`.
   */
  violations(operationId: string, status: number, body: unknown): FieldViolation[] {
    const rule = (field: string, description: string): FieldViolation => fieldViolation(field, description, 'VALIDATION');
    const operation = this.#operations.get(operationId);
    if (!operation) return [rule('status', `${operationId} is not an operation of the documents`)];
    const declared = declaredResponse(operation, status);
    if (!declared) {
      const statuses = Object.keys(operation.responses).join(', ');
      return [rule('status', `${status} is not a status ${operationId} declares (it declares ${statuses})`)];
    }
    const schema = declared.json?.schema;
    if (!schema) return body === undefined ? [] : [rule('body', `must be empty: the ${declared.key} response declares no JSON body`)];
    if (body === NOT_JSON) return [fieldViolation('body', 'is not JSON', 'FORMAT', { type: 'JSON' })];
    const { validate } = this.#compiledFor(operation, declared.key, schema);
    const found = validate(body) ? [] : toFieldViolations(validate.errors ?? [], 'body');
    const code = applicationErrorCode(body);
    if (code === undefined) return found.slice(0, MAX_VIOLATIONS);
    const codes = declaredCodes(operation, status) ?? [];
    if (codes.includes(code)) return found.slice(0, MAX_VIOLATIONS);
    // The schema's own enumeration of the code says the same less plainly: one violation of the code is enough.
    const undeclared = rule(
      CODE_FIELD,
      `${code} is not a code ${operationId} declares for ${status} (${codes.length > 0 ? `it declares ${codes.join(', ')}` : 'it declares none'})`,
    );
    return [undeclared, ...found.filter((violation) => violation.field !== CODE_FIELD)].slice(0, MAX_VIOLATIONS);
  }

  /** Whether `body` wraps one record alone that passed its component already and carries what the answer adds. */
  #provenAlone(narrowed: CompiledAnswer['narrowed'], body: unknown): boolean {
    if (narrowed.size === 0 || typeof body !== 'object' || body === null || Array.isArray(body)) return false;
    const keys = Object.keys(body);
    const record = keys.length === 1 ? narrowed.get(keys[0] as string) : undefined;
    const value = record && (body as Record<string, unknown>)[keys[0] as string];
    if (!record || typeof value !== 'object' || value === null || !this.#verdicts.get(value)?.has(record.ref)) return false;
    return record.required.every((field) => (value as Record<string, unknown>)[field] !== undefined);
  }

  #compiledFor(operation: Operation, key: string, schema: JsonObject): CompiledAnswer {
    const slot = `${operation.operationId} ${key}`;
    let compiled = this.#compiled.get(slot);
    if (!compiled) {
      compiled = {
        validate: this.#compilers.response.compile(schema, responseDocumentId(operation.family)),
        records: this.#wrappedRecords(operation.family, schema),
        narrowed: this.#narrowedRecords(operation.family, schema),
      };
      this.#compiled.set(slot, compiled);
    }
    return compiled;
  }

  /** The records the answer only narrows, with their components' full references. */
  #narrowedRecords(family: Family, schema: JsonObject): CompiledAnswer['narrowed'] {
    const document = this.#documents.get(family) ?? {};
    const narrowed = new Map<string, NarrowedRecord & { readonly ref: string }>();
    for (const [name, record] of narrowedRecords(document, schema))
      narrowed.set(name, { ...record, ref: `${responseDocumentId(family)}${schemaPointer(record.component)}` });
    return narrowed;
  }

  /** The answer's properties that are a component as a whole (`cart` of `{ cart }`), with that component's full reference. */
  #wrappedRecords(family: Family, schema: JsonObject): ReadonlyMap<string, string> {
    const document = this.#documents.get(family) ?? {};
    const records = new Map<string, string>();
    for (const [name, component] of propertyComponents(document, schema))
      records.set(name, `${responseDocumentId(family)}${schemaPointer(component)}`);
    return records;
  }
}
