import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAMILIES, loadDocument } from '../support/documents';

// Every enumeration the two specification documents name, with exactly their values (copied from the seeds).
const seedEnums = JSON.parse(readFileSync(new URL('../fixtures/seed-enums.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, string[]>
>;

const enumsIn = (node: unknown, found: string[][] = []): string[][] => {
  if (Array.isArray(node)) node.forEach((item) => enumsIn(item, found));
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.enum)) found.push(record.enum.map(String));
    Object.values(record).forEach((value) => enumsIn(value, found));
  }
  return found;
};

const key = (values: readonly string[]): string => [...values].sort().join('|');

for (const family of FAMILIES) {
  const present = new Set(enumsIn(loadDocument(family)).map(key));
  describe(`${family} enumerations of the seed`, () => {
    it.each(Object.entries(seedEnums[family] ?? {}))('%s has exactly its values', (_name, values) => {
      expect(present.has(key(values)), `no enum with exactly ${values.join(', ')}`).toBe(true);
    });
  });
}
