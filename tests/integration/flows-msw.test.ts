import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { createMockHandlers } from '../../mock/msw/index';
import { describeFlows } from '../support/flows';

// The same flows through the MSW handlers, in this process, with no server: the app's fetch is intercepted.
const BASE_URL = 'https://api.shop.test';
const mock = createMockHandlers({ baseUrl: BASE_URL });
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  server.close();
  await mock.webhooks.close();
  // Every event the flows made the engine emit was checked against its webhook's schemas: none may be refused.
  expect(mock.webhooks.violations).toEqual([]);
});

describeFlows('MSW handlers', () => BASE_URL);
