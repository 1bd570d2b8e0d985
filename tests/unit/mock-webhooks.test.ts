import { describe, expect, it } from 'vitest';
import { type RecordedEvent, RecordingEventSink } from '../../mock/engine/events';
import { createMockWebhooks } from '../../mock/events/mock-webhooks';
import { loadDocument } from '../../spec-model/load';
import { verifyEvent } from '../../src/events';

// The engine's events into webhook deliveries: checked against the webhook's schemas first, undeliverable types
// left alone, deliveries in emission order even while the key pair is being made.
const documents = { commerce: loadDocument('commerce'), platform: loadDocument('platform') };
const ORDER = '8f3c2b1a-4d5e-4f6a-9b7c-0d1e2f3a4b5c';

const recorded = (eventType: string, payload: RecordedEvent['payload'], id: string): RecordedEvent => ({
  id,
  eventType,
  entityFqdn: eventType.slice(0, eventType.lastIndexOf('_')),
  slug: eventType.slice(eventType.lastIndexOf('_') + 1),
  entityId: ORDER,
  eventTime: '2026-03-01T12:00:00.000Z',
  identity: { identityType: 'WIX_USER', wixUserId: '2f3e4d5c-6b7a-4890-a1b2-c3d4e5f6a7b8' },
  session: 'unit',
  operationId: 'cancelOrder',
  requestId: 'r-1',
  payload,
});

const setup = () => {
  const posted: string[] = [];
  const logged: string[] = [];
  const webhooks = createMockWebhooks({
    documents,
    log: (line) => logged.push(line),
    fetch: async (_url, init) => {
      posted.push(String(init?.body));
      return new Response('ok');
    },
  });
  const sink = new RecordingEventSink();
  webhooks.attach(sink);
  return { posted, logged, webhooks, sink };
};

describe('mock webhooks', () => {
  it('delivers valid events in emission order, signed, and skips types the spec declares no webhook for', async () => {
    const { posted, logged, webhooks, sink } = setup();
    await (await webhooks.dispatcher()).subscribe({ session: 'unit', url: 'http://127.0.0.1:9/hooks' });
    sink.emit(
      recorded('wix.ecom.v1.order_updated', { updatedEvent: { currentEntity: { id: ORDER } } }, 'a0000000-0000-4000-8000-000000000001'),
    );
    sink.emit(
      recorded('com.wix.ecommerce.catalog.api.v1.ProductChanged', { actionEvent: { body: {} } }, 'a0000000-0000-4000-8000-000000000002'),
    );
    sink.emit(
      recorded(
        'wix.ecom.v1.order_canceled',
        { actionEvent: { body: { order: { id: ORDER, status: 'CANCELED' } } } },
        'a0000000-0000-4000-8000-000000000003',
      ),
    );
    const dispatcher = await webhooks.dispatcher();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await dispatcher.drain();
    const events = await Promise.all(posted.map((body) => verifyEvent(body, dispatcher.publicKeyPem())));
    expect(events.map((event) => [event.eventType, event.payload.id])).toEqual([
      ['wix.ecom.v1.order_updated', 'a0000000-0000-4000-8000-000000000001'],
      ['wix.ecom.v1.order_canceled', 'a0000000-0000-4000-8000-000000000003'],
    ]);
    expect(logged).toEqual([]);
    expect(webhooks.violations).toEqual([]);
  });

  it('logs an event its webhook schema refuses as a mock failure, and does not deliver it', async () => {
    const { posted, logged, webhooks, sink } = setup();
    await (await webhooks.dispatcher()).subscribe({ session: 'unit', url: 'http://127.0.0.1:9/hooks' });
    // file_failed must say why (`error`).
    sink.emit(
      recorded(
        'wix.media.site_media.v1.file_descriptor_file_failed',
        { actionEvent: { body: { externalInfo: {} } } },
        'a0000000-0000-4000-8000-000000000004',
      ),
    );
    await (await webhooks.dispatcher()).drain();
    expect(posted).toEqual([]);
    expect(webhooks.violations).toHaveLength(1);
    expect(logged[0]).toMatch(/^mock failure: wix\.media\.site_media\.v1\.file_descriptor_file_failed .* required property 'error'/);
  });
});
