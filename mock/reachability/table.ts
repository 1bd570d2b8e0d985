// The reachability table: for every (operation, status, code) the contract declares, how to reach it. Made from
// the contract (spec-model's declared codes), the rows of rows.ts and the generic rules; what neither covers is
// a forced row marked as not modelled yet, so the table always covers the whole contract and says what is left.
import { declaredCodesByStatus } from '../../spec-model/declared-codes';
import { FAMILIES, type Family, listOperations, type Operation } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';
import { genericHow } from './generic-rows';
import { type How, OUTSIDE_CAUSES, type ReachRow, ROWS } from './rows';

export interface TableRow extends ReachRow {
  readonly family: Family;
  /** Where the row's way comes from: its own row, a generic rule, or nothing yet. */
  readonly source: 'row' | 'generic' | 'unmodelled';
}

/** The reason of a row no data reaches yet. */
export const UNMODELLED = 'not modelled from the fixture yet: forced until a row reaches it';

export const isForced = (how: How): how is Extract<How, { force: true }> => 'force' in how;

const keyOf = (operation: string, status: number, code: string): string => `${operation} ${status} ${code}`;

/** Every declared (operation, status, code), in the documents' order, with how to reach it. */
export const reachabilityTable = (): TableRow[] => {
  const own = new Map(ROWS.map((row) => [keyOf(row.operation, row.status, row.code), row]));
  const table: TableRow[] = [];
  for (const family of FAMILIES) {
    for (const operation of listOperations(family, loadDocument(family))) {
      for (const [status, codes] of declaredCodesByStatus(operation)) {
        for (const code of codes) table.push(rowFor(family, operation, status, code, own.get(keyOf(operation.operationId, status, code))));
      }
    }
  }
  return table;
};

const rowFor = (family: Family, operation: Operation, status: number, code: string, own: ReachRow | undefined): TableRow => {
  const base = { family, operation: operation.operationId, status, code };
  if (own) return { ...base, how: own.how, source: 'row' };
  const generic = genericHow(operation, status, code);
  if (generic) return { ...base, how: generic, source: 'generic' };
  const outside = OUTSIDE_CAUSES[code];
  if (outside) return { ...base, how: { force: true, reason: outside }, source: 'generic' };
  return { ...base, how: { force: true, reason: UNMODELLED }, source: 'unmodelled' };
};

/** The rows of the table's own list that the contract does not declare (a typo or a removed code). */
export const undeclaredRows = (table: readonly TableRow[]): ReachRow[] => {
  const declared = new Set(table.map((row) => keyOf(row.operation, row.status, row.code)));
  return ROWS.filter((row) => !declared.has(keyOf(row.operation, row.status, row.code)));
};
