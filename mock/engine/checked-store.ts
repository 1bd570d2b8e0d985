// The session store as the services write it: a record that breaks its collection's component schema is refused
// with the platform's validation error naming the field, and never kept, so no write leaves behind a record a
// read would have to refuse to answer.
import type { Family, FieldViolation } from '../../src/protocol';
import { ValidationFailure } from './failure';
import type { SessionStore } from './store';

/** A collection's records are answered as this component of the family's document. */
export interface RecordSchema {
  readonly family: Family;
  readonly component: string;
  /** The field the answers carry a record in (`file` of `{ file }`): the violations are named from it. */
  readonly field: string;
}

export type RecordSchemas = Readonly<Record<string, RecordSchema>>;

/** How a record breaks a component schema, its fields named from `root`; empty when it keeps it. */
export type RecordCheck = (family: Family, component: string, record: unknown, root: string) => FieldViolation[];

/** Told of a record that passed `check` once the store kept it (frozen), so its answer need not check it again. */
export type RecordKept = (family: Family, component: string, record: unknown) => void;

/**
 * `store` with every `put` checked: the record of a collection `schemas` names must pass `check`, or the put
 * throws a ValidationFailure (a 400 naming the field) and stores nothing. Reads go straight through.
 */
export const checkedStore = (store: SessionStore, schemas: RecordSchemas, check: RecordCheck, kept?: RecordKept): SessionStore => ({
  get: (collection, id) => store.get(collection, id),
  list: (collection) => store.list(collection),
  remove: (collection, id) => store.remove(collection, id),
  dump: () => store.dump(),
  ...(store.settled && { settled: () => store.settled?.() ?? Promise.resolve() }),
  async put(collection, id, value) {
    const schema = schemas[collection];
    if (schema) {
      const violations = check(schema.family, schema.component, value, schema.field);
      if (violations.length > 0) throw new ValidationFailure(violations);
    }
    await store.put(collection, id, value);
    if (schema) kept?.(schema.family, schema.component, value);
  },
});
