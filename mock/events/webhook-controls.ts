// The /__mock/webhooks controls (README.md, "Webhooks of the mock"): subscribe a URL to a session's events, unsubscribe,
// list subscriptions, read the delivery log, fetch the public key deliveries are signed with, and list the
// events the mock emitted that their webhook's schemas refuse (each a bug of the mock; tests assert none). Failures are the
// platform's error body naming the field and the rule.
import { JSON_MEDIA_TYPE, REQUEST_ID_HEADER } from '../../src/protocol';
import { controlBody, controlRefusal, sessionInput } from '../engine/control-input';
import { DEFAULT_SESSION } from '../engine/identity';
import { applicationFailure } from '../errors/platform-error';
import type { MockRequest, MockResponse } from '../pipeline/types';
import type { WebhookDispatcher } from './webhook-dispatcher';

const PREFIX = '/__mock/webhooks';

const json = (body: unknown, requestId: string, status = 200): MockResponse => ({
  status,
  headers: { 'content-type': JSON_MEDIA_TYPE, [REQUEST_ID_HEADER]: requestId, 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

/** The answer of a webhook control, or undefined when the path is none of them. */
export const serveWebhookControls = async (
  dispatcher: () => Promise<WebhookDispatcher>,
  violations: readonly string[],
  request: MockRequest,
  method: string,
  path: string,
  search: URLSearchParams,
): Promise<MockResponse | undefined> => {
  if (path !== PREFIX && !path.startsWith(`${PREFIX}/`)) return undefined;
  const { requestId } = request;
  const rest = path.slice(PREFIX.length);
  try {
    const headerSession = () => sessionInput(request.headers['x-mock-session'], 'x-mock-session');
    const querySession = () => sessionInput(search.get('session') ?? undefined, 'session') ?? headerSession() ?? DEFAULT_SESSION;
    if (method === 'POST' && rest === '') {
      const body = controlBody(request);
      const session = sessionInput(body.session, 'session') ?? headerSession() ?? DEFAULT_SESSION;
      const { id, url, eventTypes } = await (await dispatcher()).subscribe({
        session,
        url: body.url as string,
        ...(body.eventTypes !== undefined && { eventTypes: body.eventTypes as string[] }),
      });
      return json({ subscription: { id, url, eventTypes, session } }, requestId);
    }
    if (method === 'GET' && rest === '') {
      return json({ subscriptions: await (await dispatcher()).subscriptions(querySession()) }, requestId);
    }
    if (method === 'GET' && rest === '/violations') return json({ violations }, requestId);
    if (method === 'GET' && rest === '/deliveries')
      return json({ deliveries: await (await dispatcher()).deliveries(querySession()) }, requestId);
    if (method === 'GET' && rest === '/public-key') {
      return {
        status: 200,
        headers: { 'content-type': 'text/plain; charset=utf-8', [REQUEST_ID_HEADER]: requestId, 'cache-control': 'no-store' },
        body: (await dispatcher()).publicKeyPem(),
      };
    }
    if (method === 'DELETE' && /^\/[^/]+$/.test(rest)) {
      const id = decodeURIComponent(rest.slice(1));
      if (!(await (await dispatcher()).unsubscribe(id))) {
        return applicationFailure(
          { status: 404, code: 'WEBHOOK_SUBSCRIPTION_NOT_FOUND', description: `No webhook subscription ${id.slice(0, 100)}` },
          requestId,
        );
      }
      return json({ deleted: id }, requestId);
    }
  } catch (error) {
    const refusal = controlRefusal(error, requestId);
    if (refusal) return refusal;
    throw error;
  }
  return undefined;
};
