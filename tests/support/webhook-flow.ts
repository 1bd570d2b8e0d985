// Webhook deliveries of one session at a local receiver: subscribe it through /__mock/webhooks, wait until the
// mock's delivery log has nothing pending, then verify every token with storefront-api/events and the mock's
// public key and check each layer against the spec's webhook schemas.
import { expect } from 'vitest';
import { createDeliveryValidator } from '../../spec-model/delivery-validator';
import { type BundledDocument, FAMILIES } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';
import { listWebhooks } from '../../spec-model/webhooks';
import { type VerifiedEvent, verifyEvent } from '../../src/events';
import { decodeDelivery } from './decode-delivery';
import type { WebhookReceiver } from './webhook-receiver';

const validators = new Map<string, ReturnType<typeof createDeliveryValidator>>();
for (const family of FAMILIES) {
  const doc = loadDocument(family) as BundledDocument;
  const validate = createDeliveryValidator(family, doc);
  for (const webhook of listWebhooks(family, doc)) validators.set(webhook.eventType, validate);
}

export const subscribe = async (baseUrl: string, receiver: WebhookReceiver, session: string, eventTypes?: string[]): Promise<string> => {
  const response = await fetch(`${baseUrl}/__mock/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${receiver.url}/${session}`, session, ...(eventTypes && { eventTypes }) }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { subscription: { id: string } }).subscription.id;
};

export interface DeliveryLogEntry {
  readonly eventId: string;
  readonly eventType: string;
  readonly target: string;
  readonly status: string;
  readonly attempts: number;
  readonly lastError?: string;
}

/** The session's delivery log once nothing is pending (at most 10 s), newest first. */
export const settledDeliveries = async (baseUrl: string, session: string): Promise<DeliveryLogEntry[]> => {
  for (let tries = 0; tries < 200; tries += 1) {
    const { deliveries } = (await (await fetch(`${baseUrl}/__mock/webhooks/deliveries?session=${session}`)).json()) as {
      deliveries: DeliveryLogEntry[];
    };
    if (deliveries.every((delivery) => delivery.status !== 'pending')) return deliveries;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`deliveries of ${session} still pending after 10 s`);
};

/** Every event the receiver got for the session, in arrival order, verified and checked against the spec. */
export const receivedEvents = async (baseUrl: string, receiver: WebhookReceiver, session: string): Promise<VerifiedEvent[]> => {
  const log = await settledDeliveries(baseUrl, session);
  expect(log.filter((delivery) => delivery.status !== 'delivered')).toEqual([]);
  const publicKey = await (await fetch(`${baseUrl}/__mock/webhooks/public-key`)).text();
  const events: VerifiedEvent[] = [];
  for (const request of receiver.at(`/${session}`)) {
    const event = await verifyEvent(request.body, publicKey, { issuer: 'wix.com' });
    expect(validators.get(event.eventType)?.(event.eventType, decodeDelivery(request.body)), event.eventType).toEqual([]);
    events.push(event);
  }
  expect(events.map((event) => event.payload.id)).toEqual(log.map((delivery) => delivery.eventId).reverse());
  return events;
};
