// The MSW adapter's events in-process: a listener sees every event the engine emits, and a webhook subscription
// delivers signed tokens through the fetch the test gives (MSW intercepts the global one).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMockHandlers, type RecordedEvent } from '../../mock/msw/index';
import { verifyEvent } from '../../src/events';
import { merchantHeaders } from '../support/mock-credentials';

const BASE_URL = 'https://api.shop.test';
const posted: { url: string; body: string }[] = [];
const deliver: typeof fetch = async (url, init) => {
  posted.push({ url: String(url), body: String(init?.body) });
  return new Response('ok', { status: 200 });
};
const mock = createMockHandlers({ baseUrl: BASE_URL, webhooks: { fetch: deliver } });
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  server.close();
  await mock.webhooks.close();
});

it('lets an in-process test listen to events and receive signed webhook deliveries', async () => {
  const session = 'msw-webhooks';
  const heard: RecordedEvent[] = [];
  const stop = mock.events.subscribe((event) => heard.push(event));
  const dispatcher = await mock.webhooks.dispatcher();
  await dispatcher.subscribe({ session, url: 'https://receiver.test/hooks', eventTypes: ['wix.reviews.v1.review_created'] });

  const answer = await fetch(`${BASE_URL}/v1/reviews`, {
    method: 'POST',
    headers: { ...merchantHeaders(session), 'content-type': 'application/json' },
    body: JSON.stringify({
      review: {
        namespace: 'stores',
        entityId: 'c8539b66-7a44-fe18-affc-afec4be8562a',
        content: { rating: 5 },
        author: { authorName: 'QA' },
      },
    }),
  });
  expect(answer.status).toBe(200);
  const { review } = (await answer.json()) as { review: { id: string } };
  stop();
  await dispatcher.drain();

  expect(heard.map((event) => [event.eventType, event.entityId, event.session])).toEqual([
    ['wix.reviews.v1.review_created', review.id, session],
  ]);
  expect(posted.map((entry) => entry.url)).toEqual(['https://receiver.test/hooks']);
  const event = await verifyEvent(posted[0]?.body ?? '', dispatcher.publicKeyPem());
  expect(event).toMatchObject({ eventType: 'wix.reviews.v1.review_created', payload: { entityId: review.id } });
  expect(await dispatcher.deliveries(session)).toMatchObject([{ status: 'delivered', attempts: 1 }]);
  expect(mock.webhooks.violations).toEqual([]);
});
