import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../spec-model/document';
import { isJsonObject, type Json } from '../../spec-model/json';
import { loadDocument } from '../../spec-model/load';

// JSON Schema 2020-12 (§8.5): a `contentSchema` without `contentMediaType` in the same schema object is to be
// ignored by its consumer, so every encoded value the documents describe (the `.r` parameters, the signed events
// and the JSON strings nested in them) names its media type beside its schema.
const contentSchemasWithoutMediaType = (node: Json, pointer: string, found: string[], seen: number[]): void => {
  if (Array.isArray(node)) {
    node.forEach((item, index) => contentSchemasWithoutMediaType(item, `${pointer}/${index}`, found, seen));
    return;
  }
  if (!isJsonObject(node)) return;
  if ('contentSchema' in node) {
    seen[0] = (seen[0] ?? 0) + 1;
    if (typeof node.contentMediaType !== 'string') found.push(pointer);
  }
  for (const [key, value] of Object.entries(node)) {
    contentSchemasWithoutMediaType(value, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, found, seen);
  }
};

describe('contentSchema comes with its contentMediaType', () => {
  it.each(FAMILIES)('%s: every contentSchema has a contentMediaType beside it', (family) => {
    const found: string[] = [];
    const seen: number[] = [0];
    contentSchemasWithoutMediaType(loadDocument(family) as unknown as Json, '#', found, seen);
    expect(seen[0], 'the walk reaches the encoded values').toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});
