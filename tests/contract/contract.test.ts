import createFetchClient from 'openapi-fetch';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { paths as CommercePaths } from '../../generated/commerce/schema';
import type { paths as PlatformPaths } from '../../generated/platform/schema';
import { FAMILIES, type Family, listOperations, type Operation } from '../../spec-model/document';
import { exampleRequest, successStatuses } from '../../spec-model/examples';
import { loadDocument } from '../../spec-model/load';
import { createValidator } from '../../spec-model/validators';
import { API_KEY, memberToken, needsMember, resetSession } from '../support/mock-credentials';

// Every operation of both bundles, sent with its own example request through an openapi-fetch client typed by
// the generated paths: the answer must be a declared success whose body matches its schema. Against the
// stateful mock each operation starts from the default fixture (whose records carry the ids the examples
// name) and is called as the role it needs; against the static mock Prism answers the examples.
const MODES = [
  { mode: 'stateful', baseUrl: inject('mockUrl') },
  { mode: 'static', baseUrl: inject('staticMockUrl') },
] as const;
const SESSION = 'contract';

// openapi-fetch reads the body itself: with parseAs 'text' it hands the text back as data (2xx) or error.
type AnyRequest = (method: string, path: string, init: object) => Promise<{ response: Response; data?: unknown; error?: unknown }>;

for (const { mode, baseUrl } of MODES) {
  const clients = {
    commerce: createFetchClient<CommercePaths>({ baseUrl }),
    platform: createFetchClient<PlatformPaths>({ baseUrl }),
  };
  let member = '';
  beforeAll(async () => {
    if (mode === 'stateful') member = await memberToken(baseUrl, SESSION);
  });

  const send = async (family: Family, operation: Operation, init: object) => {
    const stateful = mode === 'stateful';
    if (stateful) await resetSession(baseUrl, SESSION);
    const authorization = stateful ? (needsMember(operation.operationId) ? member : API_KEY) : 'contract-test-token';
    return (clients[family].request as unknown as AnyRequest)(operation.method.toLowerCase(), operation.path, {
      headers: { Authorization: authorization, ...(stateful && { 'x-mock-session': SESSION }) },
      redirect: 'manual',
      ...init,
    });
  };

  for (const family of FAMILIES) {
    const doc = loadDocument(family);
    const validate = createValidator(doc, 'response');
    describe(`${family} contract (${mode} mock)`, () => {
      it.each(listOperations(family, doc).map((op) => [op.operationId, op] as const))('%s', async (_id, operation) => {
        const example = exampleRequest(operation);
        const { response, data, error } = await send(family, operation, {
          params: { path: example.path, query: example.query },
          body: example.body,
          parseAs: 'text',
        });
        const text = typeof data === 'string' ? data : typeof error === 'string' ? error : '';
        const violations = response.headers.get('sl-violations');
        expect(successStatuses(operation), `status ${response.status}: ${violations ?? text.slice(0, 500)}`).toContain(response.status);
        const schema = operation.responses[String(response.status)]?.content?.['application/json']?.schema;
        if (schema) {
          expect(validate(schema, JSON.parse(text))).toEqual([]);
        } else {
          // A success without a JSON body is a browser-flow redirect: it must say where to.
          expect(response.status).toBeGreaterThanOrEqual(300);
          expect(response.headers.get('location')).toMatch(/^https?:\/\//);
        }
      });
    });
  }
}
