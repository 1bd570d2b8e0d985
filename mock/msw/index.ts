// storefront-api/msw: the stateful mock as MSW request handlers, with both families' documents and the built-in
// fixtures bundled in. No server and no Node modules: it runs under msw/node in tests and msw/browser in apps.
//
//   import { setupServer } from 'msw/node';
//   import { createMockHandlers } from 'storefront-api/msw';
//   const mock = createMockHandlers({ baseUrl: 'https://api.shop.test' });
//   const server = setupServer(...mock.handlers);
import commerce from '../../generated/commerce/openapi.yaml';
import platform from '../../generated/platform/openapi.yaml';
import type { JsonObject } from '../../spec-model/json';
import type { Fixture } from '../engine/fixtures';
import defaultFixture from '../fixtures/default.json';
import emptyFixture from '../fixtures/empty.json';
import { SERVICES } from '../services/index';
import { createMswMock, type MswMock, type MswMockOptions } from './msw-adapter';

export interface MockHandlerOptions {
  /** The base URL the app's client calls (its `baseUrl`); default `http://127.0.0.1:4010`, as `npm start`. */
  readonly baseUrl?: string;
  /** The merchant's API key (default `mock-api-key`). */
  readonly apiKey?: string;
  /** More named fixtures (or replacements of `default` and `empty`). */
  readonly fixtures?: Readonly<Record<string, Fixture>>;
  readonly log?: (line: string) => void;
  /** Webhook delivery (retries, back-off, and the `fetch` deliveries go through: MSW intercepts the global one). */
  readonly webhooks?: MswMockOptions['webhooks'];
  /** Refuse the fields a request's contract does not declare (FIELD_NOT_ALLOWED), as `MOCK_STRICT=1`; default false. */
  readonly strict?: boolean;
}

export const BUILT_IN_FIXTURES: Readonly<Record<string, Fixture>> = {
  default: defaultFixture as unknown as Fixture,
  empty: emptyFixture as unknown as Fixture,
};

/** MSW handlers answering both families from a stateful mock that lives in this page or process. */
export const createMockHandlers = (options: MockHandlerOptions = {}): MswMock =>
  createMswMock({
    baseUrl: options.baseUrl ?? 'http://127.0.0.1:4010',
    // Parsed YAML: plain JSON values, as the engine reads them.
    documents: { commerce: commerce as unknown as JsonObject, platform: platform as unknown as JsonObject },
    services: SERVICES,
    fixtures: { ...BUILT_IN_FIXTURES, ...options.fixtures },
    ...(options.apiKey && { apiKey: options.apiKey }),
    ...(options.log && { log: options.log }),
    ...(options.webhooks && { webhooks: options.webhooks }),
    ...(options.strict && { strict: true }),
  });

export type { StatefulEngine } from '../engine/engine';
export type { EventSink, RecordedEvent } from '../engine/events';
export { toDomainEvent } from '../engine/events';
export type { Fixture, SiteSettings } from '../engine/fixtures';
export { DEFAULT_API_KEY } from '../engine/identity';
export type { MockWebhooks } from '../events/mock-webhooks';
export type { Delivery, WebhookDispatcher, WebhookSubscription } from '../events/webhook-dispatcher';
export type { MswMock } from './msw-adapter';
