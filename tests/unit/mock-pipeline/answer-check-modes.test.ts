import { describe, expect, it } from 'vitest';
import { composeMock } from '../../../mock/compose-mock';
import { PlatformFailure } from '../../../mock/engine/failure';
import type { Services } from '../../../mock/engine/operation';
import type { PrismMode } from '../../../mock/modes';
import { prismRecord } from '../../../mock/modes/prism';
import { STATEFUL } from '../../../mock/modes/stateful';
import { readFixtures } from '../../../mock/node/read-fixtures';
import { createPrismModeHandler } from '../../../mock/prism/prism-mode';
import { SERVICES } from '../../../mock/services/index';
import type { JsonObject } from '../../../spec-model/json';
import { documents, errorOf, mockRequest } from './parts';

// The answer check holds in every mode: an undeclared status, or a code the operation does not declare at its
// status, is the mock's own failure (a 500 naming the operation, one log line), never an answer. Each mode is
// driven with its real handler; what breaks the contract is the handler's input: a service that refuses with a
// generic code (stateful), or a copy of the documents given to Prism alone whose success is a 299 and whose 404
// has a generic code (static, dynamic), while the pipeline keeps reading the documents as written.
const NOT_FOUND_BODY = { message: 'NOT_FOUND', details: { applicationError: { code: 'NOT_FOUND', description: 'no cart' } } };

const prismDocuments = () => {
  const copy = structuredClone(documents);
  const paths = copy.commerce.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
  const responses = (paths['/v1/carts/current'] as Record<string, { responses: Record<string, unknown> }>).get?.responses as Record<
    string,
    unknown
  >;
  const plain = (example: unknown) => ({
    description: 'not what the contract says',
    // The one value the schema allows is the example, so a generated answer is that body too.
    content: { 'application/json': { schema: { type: 'object', enum: [example] }, examples: { only: { value: example } } } },
  });
  responses['404'] = plain(NOT_FOUND_BODY);
  // The success Prism answers without a `Prefer` moves to a status the contract does not have.
  responses['299'] = responses['200'];
  delete responses['200'];
  return copy as typeof documents & Record<string, JsonObject>;
};

const prismMock = (mode: PrismMode) => {
  const lines: string[] = [];
  const mock = composeMock({
    documents,
    mode: prismRecord(mode),
    parts: { handler: createPrismModeHandler(mode, prismDocuments(), () => 'http://mock.test') },
    publicUrl: () => 'http://mock.test',
    log: (line) => lines.push(line),
  });
  return { mock, lines };
};

const cartRead = (prefer?: string) =>
  mockRequest('GET', '/v1/carts/current', { authorization: 'any-token', ...(prefer !== undefined && { prefer }) });

const expectMockFailure = (response: { status: number; body: string | Uint8Array }, lines: readonly string[], what: RegExp) => {
  expect(response.status).toBe(500);
  expect(errorOf(response as never).details.applicationError).toMatchObject({ code: 'INTERNAL', data: { operationId: 'getCurrentCart' } });
  expect(lines).toEqual([expect.stringMatching(what)]);
};

describe('the answer check in every mode', () => {
  it('stateful: a refusal with a code the operation does not declare at its status is a 500, as is an undeclared status', async () => {
    const refusing = (status: number, code: string): Services => ({
      ...SERVICES,
      operations: {
        ...SERVICES.operations,
        getCurrentCart: {
          access: 'shopper',
          handle: async () => {
            throw new PlatformFailure(status, code, 'no cart');
          },
        },
      },
    });
    for (const [status, code, what] of [
      [404, 'NOT_FOUND', /refused with 404 NOT_FOUND, which breaks the getCurrentCart contract: "details\.applicationError\.code"/],
      [418, 'TEAPOT', /refused with 418 TEAPOT, a status the operation does not declare/],
    ] as const) {
      const lines: string[] = [];
      const mock = composeMock({
        documents,
        mode: STATEFUL,
        parts: { services: refusing(status, code), fixtures: readFixtures() },
        publicUrl: () => 'http://mock.test',
        log: (line) => lines.push(line),
      });
      const token = JSON.parse(
        String(
          (
            await mock.handle(
              mockRequest(
                'POST',
                '/oauth2/token',
                { 'content-type': 'application/json' },
                '{"clientId":"0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f","grantType":"anonymous"}',
              ),
            )
          ).body,
        ),
      ).access_token as string;
      expectMockFailure(await mock.handle(mockRequest('GET', '/v1/carts/current', { authorization: token })), lines, what);
      await mock.close();
    }
  });

  it.each(['static', 'dynamic'] as const)('%s: an example or generated answer with an undeclared code or status is a 500', async (mode) => {
    const code = prismMock(mode);
    expectMockFailure(await code.mock.handle(cartRead('code=404')), code.lines, /"details\.applicationError\.code" must be one of/);
    const status = prismMock(mode);
    expectMockFailure(await status.mock.handle(cartRead()), status.lines, /"status" 299 is not a status getCurrentCart declares/);
  });
});
