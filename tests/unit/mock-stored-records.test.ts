import { describe, expect, it } from 'vitest';
import { createStatefulEngine } from '../../mock/engine/engine';
import type { Services } from '../../mock/engine/operation';
import { readDocuments } from '../../mock/node/read-documents';
import { readFixtures } from '../../mock/node/read-fixtures';
import { SERVICES } from '../../mock/services/index';
import { COLLECTIONS } from '../../mock/services/records';
import { API_KEY } from '../support/mock-credentials';

// What a write stores is what a read answers: a write never leaves a record behind that a later read would refuse
// to answer (a poisoned session answers every read of the collection 500).
const documents = readDocuments();
const fixtures = readFixtures();
const engine = createStatefulEngine({ documents, fixtures, services: SERVICES, publicUrl: () => 'http://mock.test' });

// A service that would store a file its reads must refuse: the store is where that is caught, whatever the service.
const careless: Services = {
  ...SERVICES,
  operations: {
    ...SERVICES.operations,
    importFile: {
      access: 'merchant',
      async handle(context) {
        const file = { id: 'careless.jpg', displayName: 'n'.repeat(300), labels: [] };
        // Named as a plain string, the collection's type does not hold the put back: only the store's check does.
        const files: string = COLLECTIONS.files;
        await context.store.put(files, file.id, file);
        return { body: { file } };
      },
    },
  },
};
const carelessEngine = createStatefulEngine({ documents, fixtures, services: careless, publicUrl: () => 'http://mock.test' });

const send = async (method: string, target: string, session: string, body?: unknown, through = engine) => {
  const response = await through.handle({
    method,
    target,
    headers: { 'content-type': 'application/json', authorization: API_KEY, 'x-mock-session': session },
    body: new TextEncoder().encode(body === undefined ? '' : JSON.stringify(body)),
    requestId: 'stored-records-test',
  });
  const text = typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body);
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : undefined };
};

describe('stored records', () => {
  it('an imported file keeps the first 255 characters of a longer display name, as the platform does, and the files stay readable', async () => {
    const session = 'stored-long-display-name';
    const long = `${'n'.repeat(300)}.jpg`;
    const imported = await send('POST', '/v1/files/import', session, { url: 'https://images.example.com/long.jpg', displayName: long });
    expect(imported.status).toBe(200);
    expect(imported.body?.file.displayName).toBe(long.slice(0, 255));
    const listed = await send('GET', '/v1/files', session);
    expect(listed.status).toBe(200);
    expect(listed.body?.files.map((file: { displayName: string }) => file.displayName)).toContain(long.slice(0, 255));
  });

  it('a record that breaks its schema is refused with the platform validation error naming the field, and not kept', async () => {
    const session = 'stored-careless-service';
    const refused = await send('POST', '/v1/files/import', session, { url: 'https://images.example.com/long.jpg' }, carelessEngine);
    expect(refused.status).toBe(400);
    expect(refused.body?.details?.validationError?.fieldViolations).toEqual([
      expect.objectContaining({ field: 'file.displayName', violatedRule: 'MAX_LENGTH' }),
    ]);
    const listed = await send('GET', '/v1/files', session, undefined, carelessEngine);
    expect(listed.status).toBe(200);
    expect(listed.body?.files.map((file: { id: string }) => file.id)).not.toContain('careless.jpg');
  });

  it('a reply longer than a review keeps is refused naming the field, and the review stays readable', async () => {
    const session = 'stored-long-reply';
    const listed = await send('POST', '/v1/reviews/query', session, { query: {} });
    const review = listed.body?.reviews[0] as { id: string };
    const refused = await send('PATCH', `/v1/reviews/${review.id}/reply`, session, { message: 'r'.repeat(1001) });
    expect(refused.status).toBe(400);
    expect(refused.body?.details?.validationError?.fieldViolations).toEqual([
      expect.objectContaining({ field: 'review.reply.message', violatedRule: 'MAX_LENGTH' }),
    ]);
    const read = await send('GET', `/v1/reviews/${review.id}`, session);
    expect(read.status).toBe(200);
    expect(read.body?.review.reply?.message?.length ?? 0).toBeLessThanOrEqual(1000);
  });
});
