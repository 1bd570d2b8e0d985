import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROWS } from '../../mock/reachability/rows';
import { isForced, reachabilityTable, undeclaredRows } from '../../mock/reachability/table';
import { renderReachabilityPage } from '../../scripts/reachability/render-page';
import { declaredCodesByStatus } from '../../spec-model/declared-codes';
import { FAMILIES, listOperations } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';

// The reachability table covers the whole contract, its own rows name only what the contract declares, and
// docs/reachability.md is the page the table writes today.
const table = reachabilityTable();
const key = (row: { operation: string; status: number; code: string }) => `${row.operation} ${row.status} ${row.code}`;

describe('reachability table', () => {
  it('has one row for every declared (operation, status, code), and no other', () => {
    const declared = FAMILIES.flatMap((family) =>
      listOperations(family, loadDocument(family)).flatMap((operation) =>
        [...declaredCodesByStatus(operation)].flatMap(([status, codes]) =>
          codes.map((code) => `${operation.operationId} ${status} ${code}`),
        ),
      ),
    );
    expect(declared.length).toBeGreaterThan(1000);
    expect(table.map(key).sort()).toEqual([...declared].sort());
  });

  it('lists each own row once, each one the contract declares', () => {
    expect(new Set(ROWS.map(key)).size).toBe(ROWS.length);
    expect(undeclaredRows(table).map(key)).toEqual([]);
  });

  it('reaches at least 40 of the 111 codes from data, and gives every forced row a reason', () => {
    // 108 of the operations' own, and the three gateway codes every operation declares.
    expect(new Set(table.map((row) => row.code)).size).toBe(111);
    expect(new Set(table.filter((row) => !isForced(row.how)).map((row) => row.code)).size).toBeGreaterThanOrEqual(40);
    for (const row of table) if (isForced(row.how)) expect(row.how.reason.length, key(row)).toBeGreaterThan(10);
  });

  it('is the table docs/reachability.md shows (npm run reachability writes it)', () => {
    expect(readFileSync(new URL('../../docs/reachability.md', import.meta.url), 'utf8')).toBe(renderReachabilityPage());
  });
});
