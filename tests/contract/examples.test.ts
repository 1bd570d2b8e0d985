import { describe, expect, it } from 'vitest';
import { FAMILIES, listOperations } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';

// Prism serves named examples as they are, and the reference shows them: every request body and every JSON
// response of every operation has at least one.
for (const family of FAMILIES) {
  describe(`${family} named examples`, () => {
    it.each(listOperations(family, loadDocument(family)).map((op) => [op.operationId, op] as const))('%s', (_id, operation) => {
      const missing: string[] = [];
      const body = operation.requestBody?.content?.['application/json'];
      if (body && Object.keys(body.examples ?? {}).length === 0) missing.push('request body');
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        if (media && Object.keys(media.examples ?? {}).length === 0) missing.push(`response ${status}`);
        if (Number(status) >= 400 && !media) missing.push(`response ${status} has no body`);
      }
      expect(missing).toEqual([]);
    });
  });
}
