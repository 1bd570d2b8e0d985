import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createMockHandlers } from '../../mock/msw/index';
import { describeFlows } from '../support/flows';

// The same flows through the MSW handlers, in this process, with no server: the app's fetch is intercepted.
const BASE_URL = 'https://api.shop.test';
const mock = createMockHandlers({ baseUrl: BASE_URL });
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describeFlows('MSW handlers', () => BASE_URL);
