// The /__mock/webhooks controls against the shared stateful mock: subscriptions per session, the delivery log with
// retries, the public key, and errors in the platform's body naming the field and the rule.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyEvent } from '../../src/events';
import { merchantHeaders } from '../support/mock-credentials';
import { settledDeliveries } from '../support/webhook-flow';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const base = () => inject('mockUrl');
let receiver: WebhookReceiver;

beforeAll(async () => {
  // `/flaky` fails its first attempt; `/down` always fails.
  receiver = await startWebhookReceiver((path, nth) => (path === '/flaky' && nth === 1 ? 503 : path === '/down' ? 500 : 200));
});
afterAll(() => receiver?.close());

const control = (path: string, init: RequestInit = {}) =>
  fetch(`${base()}/__mock/${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
const post = (body: unknown) => control('webhooks', { method: 'POST', body: JSON.stringify(body) });
const createReview = (session: string) =>
  fetch(`${base()}/v1/reviews`, {
    method: 'POST',
    headers: { ...merchantHeaders(session), 'content-type': 'application/json' },
    body: JSON.stringify({
      review: {
        namespace: 'stores',
        entityId: 'c8539b66-7a44-fe18-affc-afec4be8562a',
        content: { rating: 4 },
        author: { authorName: 'QA' },
      },
    }),
  });

describe('/__mock/webhooks', () => {
  it('subscribes, lists per session, filters by event type, unsubscribes', async () => {
    const session = 'webhook-controls-subscribe';
    const answer = await post({ url: `${receiver.url}/only-created`, session, eventTypes: ['wix.reviews.v1.review_created'] });
    expect(answer.status).toBe(200);
    const { subscription } = (await answer.json()) as { subscription: { id: string; url: string; eventTypes: string[] } };
    expect(subscription).toMatchObject({ url: `${receiver.url}/only-created`, eventTypes: ['wix.reviews.v1.review_created'] });
    const listed = (await (await control(`webhooks?session=${session}`)).json()) as { subscriptions: { id: string }[] };
    expect(listed.subscriptions.map((entry) => entry.id)).toEqual([subscription.id]);
    expect(
      ((await (await control('webhooks?session=webhook-controls-other')).json()) as { subscriptions: unknown[] }).subscriptions,
    ).toEqual([]);

    expect((await createReview(session)).status).toBe(200);
    const deliveries = await settledDeliveries(base(), session);
    expect(deliveries.map((entry) => [entry.eventType, entry.status, entry.attempts])).toEqual([
      ['wix.reviews.v1.review_created', 'delivered', 1],
    ]);

    const publicKey = await control('webhooks/public-key');
    expect(publicKey.headers.get('content-type')).toMatch(/^text\/plain/);
    const pem = await publicKey.text();
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const [received] = receiver.at('/only-created');
    expect((await verifyEvent(received?.body ?? '', pem)).eventType).toBe('wix.reviews.v1.review_created');

    expect(await (await control(`webhooks/${subscription.id}`, { method: 'DELETE' })).json()).toEqual({ deleted: subscription.id });
    const again = await control(`webhooks/${subscription.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { details: { applicationError: { code: string } } }).details.applicationError.code).toBe(
      'WEBHOOK_SUBSCRIPTION_NOT_FOUND',
    );
    expect((await createReview(session)).status).toBe(200);
    expect((await settledDeliveries(base(), session)).length).toBe(1);
  });

  it('retries a failed delivery with back-off and logs attempts and the last error', async () => {
    const session = 'webhook-controls-retries';
    await post({ url: `${receiver.url}/flaky`, session });
    await post({ url: `${receiver.url}/down`, session });
    expect((await createReview(session)).status).toBe(200);
    const deliveries = await settledDeliveries(base(), session);
    const byTarget = Object.fromEntries(deliveries.map((entry) => [new URL(entry.target).pathname, entry]));
    expect(byTarget['/flaky']).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(byTarget['/down']).toMatchObject({ status: 'failed', attempts: 4, lastError: 'HTTP 500' });
    expect(receiver.at('/down').map((request) => request.headers['x-mock-attempt'])).toEqual(['1', '2', '3', '4']);
  });

  it('refuses a bad subscription in the platform body, naming the field and the rule', async () => {
    const cases: [unknown, string, string][] = [
      [{}, 'url', 'REQUIRED_FIELD'],
      [{ url: 'ftp://example.com/hook' }, 'url', 'FORMAT'],
      [{ url: 'not a url' }, 'url', 'FORMAT'],
      [{ url: `${receiver.url}/x`, eventTypes: [] }, 'eventTypes', 'MIN_SIZE'],
      [{ url: `${receiver.url}/x`, eventTypes: ['wix.ecom.v1.order_created', 'order_shipped'] }, 'eventTypes[1]', 'INVALID_ENUM_VALUE'],
      [{ url: `${receiver.url}/x`, session: 'no spaces' }, 'session', 'FORMAT'],
    ];
    for (const [body, field, rule] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.headers.get('x-wix-request-id')).toBeTruthy();
      const { details } = (await answer.json()) as {
        details: { validationError: { fieldViolations: { field: string; ruleName: string }[] } };
      };
      expect(details.validationError.fieldViolations[0]).toMatchObject({ field, ruleName: rule });
    }
    const notJson = await control('webhooks', { method: 'POST', body: '{"url":' });
    expect(notJson.status).toBe(400);
    expect(
      ((await notJson.json()) as { details: { validationError: { fieldViolations: { field: string }[] } } }).details.validationError
        .fieldViolations[0]?.field,
    ).toBe('body');
  });

  it('lists the emitted events its webhook schemas refused (none: each would be a bug of the mock)', async () => {
    const answer = await control('webhooks/violations');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ violations: [] });
  });
});
