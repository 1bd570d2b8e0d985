import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';

// Every enumeration the two specification documents name (copied from the seeds). The spec's enumerations are
// the seed's values united with the platform's, so each seed list must be contained in one of the spec's enums.
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

for (const family of FAMILIES) {
  const present = enumsIn(loadDocument(family));
  describe(`${family} enumerations of the seed`, () => {
    it.each(Object.entries(seedEnums[family] ?? {}))('%s has every seed value', (_name, values) => {
      const holder = present.find((candidate) => values.every((value) => candidate.includes(value)));
      expect(holder, `no enum holds all of ${values.join(', ')}`).toBeDefined();
    });
  });
}
