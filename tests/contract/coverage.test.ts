import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAMILIES, type Family, listOperations } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';

// The call list of the two specification documents (copied from the project's operations.tsv).
const rows = readFileSync(new URL('../fixtures/operations.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [family, group, method, path] = line.split('\t');
    return { family: family as Family, group, method, path: path ?? '' };
  });

// Parameter names may differ (`{checkout.id}` is written `{id}`); the wire path itself never changes.
const wireShape = (path: string): string => path.replace(/\{[^}]+\}/g, '{}');

describe('operation coverage', () => {
  it('lists 140 calls, 41 commerce and 99 platform', () => {
    expect(rows).toHaveLength(140);
    expect(rows.filter((r) => r.family === 'commerce')).toHaveLength(41);
    expect(rows.filter((r) => r.family === 'platform')).toHaveLength(99);
  });

  for (const family of FAMILIES) {
    const operations = listOperations(family, loadDocument(family));
    const bundled = new Set(operations.map((op) => `${op.method} ${wireShape(op.path)}`));
    it.each(rows.filter((r) => r.family === family).map((r) => [`${r.method} ${r.path}`, r] as const))(
      `${family} bundle has %s`,
      (_name, row) => {
        expect(bundled.has(`${row.method} ${wireShape(row.path)}`)).toBe(true);
      },
    );
  }

  it('uses each operationId once across both families', () => {
    const ids = FAMILIES.flatMap((family) => listOperations(family, loadDocument(family)).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
