import { describe, expect, it } from 'vitest';
import { createStatefulEngine } from '../../mock/engine/engine';
import { readDocuments } from '../../mock/node/read-documents';
import { readFixtures } from '../../mock/node/read-fixtures';
import { SERVICES } from '../../mock/services/index';
import { API_KEY } from '../support/mock-credentials';

// What a write stores is what a read answers: a write never leaves a record behind that a later read would refuse
// to answer (a poisoned session answers every read of the collection 500).
const engine = createStatefulEngine({
  documents: readDocuments(),
  fixtures: readFixtures(),
  services: SERVICES,
  publicUrl: () => 'http://mock.test',
});

const send = async (method: string, target: string, session: string, body?: unknown) => {
  const response = await engine.handle({
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
});
