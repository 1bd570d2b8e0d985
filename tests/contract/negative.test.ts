import createFetchClient from 'openapi-fetch';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { FAMILIES, listOperations } from '../../spec-model/document';
import { exampleRequest } from '../../spec-model/examples';
import type { Json, JsonObject } from '../../spec-model/json';
import { loadDocument } from '../../spec-model/load';
import { resolveSchema } from '../../spec-model/schemas';
import { API_KEY, memberToken, needsMember } from '../support/mock-credentials';

// For every operation with a required body field or required query parameter: the example request without it
// must get a 4xx whose body or violations header names the missing field (stateful mock, as the role the
// operation needs, in a session of its own).
const baseUrl = inject('mockUrl');
const SESSION = 'negative';
const client = createFetchClient({ baseUrl });
let member = '';
beforeAll(async () => {
  member = await memberToken(baseUrl, SESSION);
});
type AnyRequest = (method: string, path: string, init: object) => Promise<{ response: Response; error?: unknown }>;
const request = client.request as unknown as AnyRequest;

// Prism lower-cases query parameter names in its messages, so names are compared without case.
const namesField = (response: Response, body: unknown, field: string): boolean => {
  const text = `${response.headers.get('sl-violations') ?? ''} ${typeof body === 'string' ? body : JSON.stringify(body)}`;
  return text.toLowerCase().includes(field.toLowerCase());
};

for (const family of FAMILIES) {
  const doc = loadDocument(family);
  const cases = listOperations(family, doc)
    .map((operation) => {
      const bodySchema = resolveSchema(doc, operation.requestBody?.content?.['application/json']?.schema);
      const bodyFields = ((bodySchema?.required as string[] | undefined) ?? []).map((name) => ({ where: 'body', name }));
      const queryFields = operation.parameters.filter((p) => p.in === 'query' && p.required).map((p) => ({ where: 'query', name: p.name }));
      return { operation, fields: [...bodyFields, ...queryFields] };
    })
    .filter((entry) => entry.fields.length > 0);

  describe(`${family} required fields`, () => {
    it('has operations with required fields to check', () => {
      expect(cases.length).toBeGreaterThan(0);
    });
    it.each(cases.map((c) => [c.operation.operationId, c] as const))(
      '%s rejects each missing field',
      async (_id, { operation, fields }) => {
        const example = exampleRequest(operation);
        for (const field of fields) {
          const query = { ...example.query };
          let body = example.body;
          if (field.where === 'query') delete query[field.name];
          else {
            const copy: JsonObject = { ...(body as JsonObject) };
            delete copy[field.name];
            body = copy as Json;
          }
          const { response, error } = await request(operation.method.toLowerCase(), operation.path, {
            params: { path: example.path, query },
            body,
            headers: { Authorization: needsMember(operation.operationId) ? member : API_KEY, 'x-mock-session': SESSION },
            redirect: 'manual',
            parseAs: 'text',
          });
          expect(response.status, `${field.where} ${field.name}`).toBeGreaterThanOrEqual(400);
          expect(response.status, `${field.where} ${field.name}`).toBeLessThan(500);
          expect(namesField(response, error, field.name), `answer names ${field.name}`).toBe(true);
        }
      },
    );
  });
}
