import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';

// Values the platform sends beyond the seed's (found by npm run drift): each named enumeration must hold them, so
// a real answer carrying one validates.
const platformEnums = JSON.parse(readFileSync(new URL('../fixtures/platform-enums.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, string[]> | string
>;

for (const family of FAMILIES) {
  const schemas = loadDocument(family).components.schemas ?? {};
  const expected = platformEnums[family];
  describe(`${family} enumerations hold the platform's values`, () => {
    it('has platform values to check', () => {
      expect(typeof expected === 'object' && Object.keys(expected).length > 0).toBe(true);
    });
    it.each(Object.entries(typeof expected === 'object' ? expected : {}))('%s', (name, values) => {
      const present = (schemas[name]?.enum as string[] | undefined) ?? [];
      expect(values.filter((value) => !present.includes(value))).toEqual([]);
    });
  });
}
