import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockHandlers } from '../../mock/msw/index';
import { getCurrentCart } from '../../src/commerce';
import { ApiError, apiKey, createClient, SystemError } from '../../src/index';
import { CONNECTION_FAULTS } from '../../src/protocol';
import { API_KEY } from '../support/mock-credentials';

// The connection faults through the MSW handlers: a reset is a network error, a cut-off or stalled body fails
// the read; the client turns each into a SystemError and, retrying, gets the real answer.
const BASE_URL = 'https://api.faults.test';
const mock = createMockHandlers({ baseUrl: BASE_URL });
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  server.close();
  await mock.webhooks.close();
});

const force = async (session: string, failure: Record<string, unknown>) => {
  const response = await fetch(`${BASE_URL}/__mock/scenarios/getCurrentCart`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session, failure: { ...failure, times: 1 } }),
  });
  expect(response.status, await response.text()).toBe(200);
};

describe('client under faults through the MSW handlers', () => {
  it.each(CONNECTION_FAULTS)('survives a forced %s', async (fault) => {
    const session = `msw-fault-${fault}`;
    const client = (retry?: { retries: number; baseDelayMs: number }) =>
      createClient({
        baseUrl: BASE_URL,
        auth: apiKey(API_KEY),
        headers: { 'x-mock-session': session },
        timeoutMs: 1000,
        ...(retry && { retry }),
      });
    await force(session, { fault });
    const failure = await getCurrentCart(client()).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toBeInstanceOf(SystemError);
    await force(session, { fault });
    expect((await getCurrentCart(client({ retries: 1, baseDelayMs: 1 }))).cart?.id).toBeTruthy();
  });

  it('a forced 429 carries Retry-After', async () => {
    await force('msw-429', { status: 429, retryAfterSeconds: 2 });
    const response = await fetch(`${BASE_URL}/v1/carts/current`, { headers: { authorization: API_KEY, 'x-mock-session': 'msw-429' } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
  });
});
