import { describe, expect, it } from 'vitest';
import { FAMILIES, type Family, listOperations } from '../../spec-model/document';
import { asJsonObject, type Json, type JsonObject } from '../../spec-model/json';
import { loadDocument } from '../../spec-model/load';
import { dereference, referenceOf } from '../../spec-model/pointer';
import { declaredResponse, declaredStatuses } from '../../spec-model/responses';
import { createValidator } from '../../spec-model/validators';

// An answer says what it always carries: every 2xx JSON answer lists required properties (its wrapper, the
// entity's id and server-set dates, list arrays and paging metadata), or declares itself the empty message
// (`maxProperties: 0`) when the platform's answer has no field at all. Either way an empty object or an error body
// sent with a 2xx fails the answer check, and the server-set fields (`readOnly`) are never asked of a request.
interface Answer {
  readonly operationId: string;
  readonly status: number;
  readonly schema: JsonObject;
  readonly resolved: JsonObject;
}

const answersOf = (family: Family): Answer[] => {
  const doc = loadDocument(family);
  return listOperations(family, doc).flatMap((operation) =>
    declaredStatuses(operation)
      .filter((status) => status >= 200 && status < 300)
      .flatMap((status) => {
        const schema = declaredResponse(operation, status)?.json?.schema;
        const resolved = asJsonObject(dereference(doc as unknown as Json, schema));
        return schema && resolved ? [{ operationId: operation.operationId, status, schema, resolved }] : [];
      }),
  );
};

const requiredOf = (schema: JsonObject): string[] =>
  Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
// Empty (`maxProperties: 0`), or carrying only fields it names, none of them always (`propertyNames`).
const declaredEmpty = (schema: JsonObject): boolean =>
  schema.maxProperties === 0 || Array.isArray(asJsonObject(schema.propertyNames)?.enum);
// Which fields an answer carries may depend on what it answers (an order or a subscription): each alternative then
// requires its own.
const alternativesRequired = (schema: JsonObject): boolean =>
  Array.isArray(schema.oneOf) &&
  schema.oneOf.length > 0 &&
  schema.oneOf.every((branch) => requiredOf(asJsonObject(branch) ?? {}).length > 0);

// The entities an answer carries with the server-set fields it requires of them: a property (or the items of an
// array property) written `allOf: [{ $ref: Entity }]` beside `required: [...]`.
const guaranteedEntities = (answer: Answer): { entity: string; fields: string[] }[] =>
  Object.values(asJsonObject(answer.resolved.properties) ?? {}).flatMap((raw) => {
    const property = asJsonObject(raw);
    const holder = asJsonObject(property?.items) ?? property;
    const branches = holder && Array.isArray(holder.allOf) ? holder.allOf : [];
    const reference = referenceOf(branches[0]);
    const fields = holder ? requiredOf(holder) : [];
    return typeof reference === 'string' && fields.length > 0 ? [{ entity: reference, fields }] : [];
  });

// The families whose answers state their guarantees so far.
const DONE: readonly Family[] = FAMILIES;

// The platform's entities with the server-set fields every answer carrying them requires (the mock always sends
// these; a collection carries no dates).
const PLATFORM_ENTITY_FIELDS: Record<string, readonly string[]> = {
  Product: ['id', 'createdDate', 'lastUpdated'],
  StoreCollection: ['id'],
  Member: ['id', 'createdDate', 'updatedDate'],
  Review: ['id', 'createdDate', 'updatedDate'],
  FileDescriptor: ['id', 'createdDate', 'updatedDate'],
};
const entityName = (reference: string): string => reference.split('/').at(-1) ?? reference;
// Where an answer's property (or its items) is one of these entities, written with or without the guarantee.
const carriedEntities = (answer: Answer): string[] =>
  Object.values(asJsonObject(answer.resolved.properties) ?? {}).flatMap((raw) => {
    const property = asJsonObject(raw);
    const holder = asJsonObject(property?.items) ?? property;
    const reference = referenceOf(holder) ?? referenceOf(holder && Array.isArray(holder.allOf) ? holder.allOf[0] : undefined);
    return typeof reference === 'string' && entityName(reference) in PLATFORM_ENTITY_FIELDS ? [entityName(reference)] : [];
  });

describe('answers state what they always carry', () => {
  it('platform: every answer carrying a product, collection, member, review or file requires its server-set fields', () => {
    const answers = answersOf('platform');
    const carrying = answers.filter((answer) => carriedEntities(answer).length > 0);
    const guaranteed = carrying.flatMap((answer) =>
      guaranteedEntities(answer).map(({ entity, fields }) => ({
        where: `${answer.operationId} ${answer.status}`,
        entity: entityName(entity),
        fields,
      })),
    );
    console.info(`platform: ${carrying.length} answers carry an entity, ${guaranteed.length} entity properties guarantee their fields`);
    expect(carrying.length).toBeGreaterThan(30);
    for (const answer of carrying) {
      const named = guaranteedEntities(answer).map(({ entity }) => entityName(entity));
      expect(named, `${answer.operationId} ${answer.status}`).toEqual(carriedEntities(answer));
    }
    for (const { where, entity, fields } of guaranteed)
      expect([...fields].sort(), where).toEqual([...(PLATFORM_ENTITY_FIELDS[entity] ?? [])].sort());
    expect(new Set(guaranteed.map(({ entity }) => entity))).toEqual(new Set(Object.keys(PLATFORM_ENTITY_FIELDS)));
  });

  it.each(DONE)('%s: every 2xx JSON answer requires its properties or declares itself empty', (family) => {
    const answers = answersOf(family);
    const requiring = answers.filter((answer) => requiredOf(answer.resolved).length > 0);
    const empty = answers.filter((answer) => declaredEmpty(answer.resolved));
    const alternatives = answers.filter((answer) => alternativesRequired(answer.resolved));
    console.info(
      `${family}: ${requiring.length}/${answers.length} success answers with required properties, ` +
        `${alternatives.length} requiring one of alternatives, ${empty.length} declared empty, ` +
        `${requiring.length + alternatives.length + empty.length}/${answers.length} state their guarantee`,
    );
    expect(answers.length).toBeGreaterThan(40);
    const silent = answers.filter(
      (answer) => requiredOf(answer.resolved).length === 0 && !declaredEmpty(answer.resolved) && !alternativesRequired(answer.resolved),
    );
    expect(silent.map(({ operationId, status }) => `${operationId} ${status}`)).toEqual([]);
  });

  it.each(DONE)('%s: an empty object or an error body with a 2xx fails every answer that carries fields', (family) => {
    const check = createValidator(loadDocument(family) as unknown as Json, 'response');
    const errorBody = { message: 'x', details: {} };
    for (const answer of answersOf(family)) {
      const where = `${answer.operationId} ${answer.status}`;
      if (declaredEmpty(answer.resolved)) {
        expect(check(answer.schema, {}), where).toEqual([]);
        expect(check(answer.schema, errorBody), where).not.toEqual([]);
        continue;
      }
      const missing = check(answer.schema, {});
      expect(missing, where).not.toEqual([]);
      for (const field of requiredOf(answer.resolved)) expect(missing.join('\n'), where).toContain(`'${field}'`);
      expect(check(answer.schema, errorBody), where).not.toEqual([]);
    }
  });

  it.each(DONE)('%s: the fields answers require of an entity are never asked of a request, its dates are read-only', (family) => {
    const doc = loadDocument(family) as unknown as Json;
    const requestSide = createValidator(doc, 'request');
    const answerSide = createValidator(doc, 'response');
    const guaranteed = answersOf(family).flatMap((answer) => guaranteedEntities(answer));
    expect(guaranteed.length).toBeGreaterThan(5);
    for (const { entity, fields } of guaranteed) {
      const properties = asJsonObject(asJsonObject(dereference(doc, { $ref: entity }))?.properties) ?? {};
      const requestMissing = requestSide({ $ref: entity }, {}).join('\n');
      const answerMissing = answerSide({ allOf: [{ $ref: entity }], required: fields }, {}).join('\n');
      for (const field of fields) {
        // An id may be named by a request (a bulk update says which order it changes); a date is the server's alone.
        if (field !== 'id') expect(asJsonObject(properties[field])?.readOnly, `${entity} ${field} is server-set`).toBe(true);
        expect(requestMissing, `${entity} ${field} in a request`).not.toContain(`'${field}'`);
        expect(answerMissing, `${entity} ${field} in an answer`).toContain(`'${field}'`);
      }
    }
  });
});
