import createFetchClient from 'openapi-fetch';
import { describe, expect, inject, it } from 'vitest';
import { FAMILIES, type Family, listOperations, type Operation } from '../../spec-model/document';
import { exampleRequest, successStatuses } from '../../spec-model/examples';
import { loadDocument } from '../../spec-model/load';
import { createValidator } from '../../spec-model/validators';

// `Prefer: dynamic=true` on every operation of the static-mode mock (Prism's generator; stateful mode answers
// from its state): a declared success, a body its schema accepts, under 64 KB
// (json-schema-faker is bounded; unbounded it took 42 s and 71 MB for the cart). Times are in `npm run bench`.
const baseUrl = inject('staticMockUrl');
const client = createFetchClient({ baseUrl });
type AnyRequest = (method: string, path: string, init: object) => Promise<{ response: Response; data?: unknown; error?: unknown }>;
const request = client.request as unknown as AnyRequest;

const MAX_BYTES = 64 * 1024;

const send = (operation: Operation, seed: string) => {
  const example = exampleRequest(operation);
  return request(operation.method.toLowerCase(), operation.path, {
    params: { path: example.path, query: example.query },
    body: example.body,
    headers: { Authorization: 'dynamic-test-token', Prefer: `dynamic=true, seed=${seed}` },
    redirect: 'manual',
    parseAs: 'text',
  });
};

for (const family of FAMILIES as Family[]) {
  const doc = loadDocument(family);
  const validate = createValidator(doc, 'response');
  describe(`${family} dynamic answers`, () => {
    it.each(listOperations(family, doc).map((op) => [op.operationId, op] as const))('%s', async (_id, operation) => {
      for (const seed of ['a', 'b']) {
        const { response, data } = await send(operation, seed);
        const text = typeof data === 'string' ? data : '';
        expect(successStatuses(operation), `status ${response.status}: ${text.slice(0, 300)}`).toContain(response.status);
        expect(Buffer.byteLength(text)).toBeLessThan(MAX_BYTES);
        const schema = operation.responses[String(response.status)]?.content?.['application/json']?.schema;
        if (schema) expect(validate(schema, JSON.parse(text))).toEqual([]);
      }
    });
  });
}
