// The platform's query language over in-memory records: `filter` (field paths with $eq, $ne, $gt, $gte, $lt,
// $lte, $in, $nin, $exists, $startsWith, $hasSome, $hasAll, $isEmpty, combined with $and, $or, $not; a bare
// value means $eq) and `sort` ([{ fieldName, order }]). A filter the language cannot read is the caller's error.
import { fieldViolation } from '../../src/protocol';
import { ValidationFailure } from '../engine/failure';

export type Filter = Readonly<Record<string, unknown>>;
export interface SortSpec {
  readonly fieldName?: string;
  readonly order?: 'ASC' | 'DESC' | string;
}

/**
 * A record's own field: a name a client sends (`constructor`, `__proto__`, `toString`) never reaches what every
 * object inherits.
 */
const ownField = (node: unknown, key: string): unknown =>
  node !== null && typeof node === 'object' && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;

/** The value at a dotted path (`catalogReference.catalogItemId`); arrays are searched item by item. */
export const valueAt = (record: unknown, path: string): unknown => {
  let current: unknown = record;
  for (const key of path.split('.')) {
    if (Array.isArray(current)) current = current.map((item) => ownField(item, key));
    else if (current && typeof current === 'object') current = ownField(current, key);
    else return undefined;
  }
  return current;
};

/** Where a record keeps the field the API names: its alias when the service declares one, else the name itself. */
const pathOf = (aliases: Readonly<Record<string, string>>, field: string): string => {
  const alias = ownField(aliases, field);
  return typeof alias === 'string' ? alias : field;
};

const comparable = (value: unknown): number | string | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    // Decimal amounts ("49.00") and dates compare as what they are.
    if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
    return value;
  }
  return undefined;
};

const compare = (a: unknown, b: unknown): number => {
  const left = comparable(a);
  const right = comparable(b);
  if (left === undefined && right === undefined) return 0;
  if (left === undefined) return -1;
  if (right === undefined) return 1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left) < String(right) ? -1 : String(left) > String(right) ? 1 : 0;
};

const equals = (actual: unknown, expected: unknown): boolean => {
  if (Array.isArray(actual)) return actual.some((item) => equals(item, expected));
  if (typeof actual === 'object' || typeof expected === 'object') return JSON.stringify(actual) === JSON.stringify(expected);
  if (typeof actual === 'string' && typeof expected === 'number') return comparable(actual) === expected;
  return actual === expected;
};

const invalid = (field: string, description: string): ValidationFailure =>
  new ValidationFailure([fieldViolation(field, description, 'VALIDATION')]);

const OPERATORS: Readonly<Record<string, (actual: unknown, operand: unknown, field: string) => boolean>> = {
  $eq: (actual, operand) => equals(actual, operand),
  $ne: (actual, operand) => !equals(actual, operand),
  $gt: (actual, operand) => actual !== undefined && compare(actual, operand) > 0,
  $gte: (actual, operand) => actual !== undefined && compare(actual, operand) >= 0,
  $lt: (actual, operand) => actual !== undefined && compare(actual, operand) < 0,
  $lte: (actual, operand) => actual !== undefined && compare(actual, operand) <= 0,
  $in: (actual, operand, field) => {
    if (!Array.isArray(operand)) throw invalid(field, '$in takes an array');
    return operand.some((item) => equals(actual, item));
  },
  $nin: (actual, operand, field) => {
    if (!Array.isArray(operand)) throw invalid(field, '$nin takes an array');
    return !operand.some((item) => equals(actual, item));
  },
  $exists: (actual, operand) => (actual !== undefined && actual !== null) === Boolean(operand),
  $startsWith: (actual, operand) =>
    typeof operand === 'string' &&
    (Array.isArray(actual) ? actual : [actual]).some(
      (item) => typeof item === 'string' && item.toLowerCase().startsWith(operand.toLowerCase()),
    ),
  $hasSome: (actual, operand, field) => {
    if (!Array.isArray(operand)) throw invalid(field, '$hasSome takes an array');
    return Array.isArray(actual) && operand.some((item) => actual.some((value) => equals(value, item)));
  },
  $hasAll: (actual, operand, field) => {
    if (!Array.isArray(operand)) throw invalid(field, '$hasAll takes an array');
    return Array.isArray(actual) && operand.every((item) => actual.some((value) => equals(value, item)));
  },
  $isEmpty: (actual, operand) =>
    (actual === undefined || actual === null || (Array.isArray(actual) && actual.length === 0) || actual === '') === Boolean(operand),
};

const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((key) => key.startsWith('$'));

/** Whether a record passes a filter; `aliases` maps a field the API names to where the record keeps it. */
export const matches = (
  record: unknown,
  filter: Filter | undefined,
  aliases: Readonly<Record<string, string>> = {},
  at = 'filter',
): boolean => {
  if (!filter) return true;
  if (typeof filter !== 'object' || Array.isArray(filter)) throw invalid(at, 'must be an object of field conditions');
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(condition)) throw invalid(`${at}.${key}`, `${key} takes an array of filters`);
      const results = condition.map((part, index) => matches(record, part as Filter, aliases, `${at}.${key}[${index}]`));
      return key === '$and' ? results.every(Boolean) : results.some(Boolean);
    }
    if (key === '$not') return !matches(record, condition as Filter, aliases, `${at}.$not`);
    if (key.startsWith('$')) throw invalid(`${at}.${key}`, `${key} is not an operator of the query language`);
    const actual = valueAt(record, pathOf(aliases, key));
    if (!isOperatorObject(condition)) return equals(actual, condition);
    return Object.entries(condition).every(([operator, operand]) => {
      const test = Object.hasOwn(OPERATORS, operator) ? OPERATORS[operator] : undefined;
      if (!test) throw invalid(`${at}.${key}.${operator}`, `${operator} is not an operator of the query language`);
      return test(actual, operand, `${at}.${key}`);
    });
  });
};

/** Records sorted by each `fieldName` in turn (ASC by default); a stable sort keeps the stored order otherwise. */
export const sortRecords = <T>(
  records: readonly T[],
  sort: readonly SortSpec[] | undefined,
  aliases: Readonly<Record<string, string>> = {},
): T[] => {
  const keys = (sort ?? []).filter((spec) => spec.fieldName);
  if (keys.length === 0) return [...records];
  return [...records].sort((a, b) => {
    for (const { fieldName, order } of keys) {
      const path = pathOf(aliases, fieldName as string);
      const difference = compare(valueAt(a, path), valueAt(b, path));
      if (difference !== 0) return order === 'DESC' ? -difference : difference;
    }
    return 0;
  });
};

/** Filter then sort: the query of a query call. */
export const query = <T>(
  records: readonly T[],
  filter: Filter | undefined,
  sort: readonly SortSpec[] | undefined,
  aliases: Readonly<Record<string, string>> = {},
): T[] =>
  sortRecords(
    records.filter((record) => matches(record, filter, aliases)),
    sort,
    aliases,
  );

/** A filter sent as an object or as its JSON text (the catalogue's legacy form). */
export const readFilter = (value: unknown, field: string): Filter | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  let filter = value;
  if (typeof value === 'string') {
    try {
      filter = JSON.parse(value);
    } catch {
      throw invalid(field, 'must be a JSON object');
    }
  }
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw invalid(field, 'must be a JSON object of field conditions');
  return filter as Filter;
};

/** A sort sent as [{ fieldName, order }], or as JSON text in the legacy form `[{"price": "asc"}]`. */
export const readSort = (value: unknown, field: string): SortSpec[] | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  let sort = value;
  if (typeof value === 'string') {
    try {
      sort = JSON.parse(value);
    } catch {
      throw invalid(field, 'must be a JSON array of sort fields');
    }
  }
  if (!Array.isArray(sort)) throw invalid(field, 'must be an array of sort fields');
  return sort.map((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null) throw invalid(`${field}[${index}]`, 'must be a sort field');
    const spec = entry as Record<string, unknown>;
    if ('fieldName' in spec || 'order' in spec)
      return { ...(typeof spec.fieldName === 'string' && { fieldName: spec.fieldName }), order: String(spec.order ?? 'ASC').toUpperCase() };
    const [name, order] = Object.entries(spec)[0] ?? [];
    return { ...(name && { fieldName: name }), order: String(order ?? 'asc').toUpperCase() };
  });
};
