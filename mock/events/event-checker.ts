// Checks an event the engine emits against its webhook's schemas before it is delivered, layer by layer, as a
// receiver would decode it (spec-model/delivery-validator.ts): a problem is a bug of the mock, never sent.
import { createDeliveryValidator } from '../../spec-model/delivery-validator';
import type { BundledDocument, Family } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/operation-contract';
import { listWebhooks } from '../../spec-model/webhooks';
import { EVENT_ALGORITHM } from '../../src/events';
import { DEFAULT_EXPIRES_IN_SECONDS, DEFAULT_ISSUER, eventMessage, type EventToSign } from './sign-event';

/** `(event) => problems`; empty when the event is what its webhook declares. */
export type EventChecker = (event: EventToSign) => string[];

export const createEventChecker = (documents: Readonly<Record<Family, JsonObject>>): EventChecker => {
  const validators = new Map<string, ReturnType<typeof createDeliveryValidator>>();
  for (const family of Object.keys(documents) as Family[]) {
    const doc = documents[family] as unknown as BundledDocument;
    const validate = createDeliveryValidator(family, doc);
    for (const webhook of listWebhooks(family, doc)) validators.set(webhook.eventType, validate);
  }
  return (event) => {
    const validate = validators.get(event.eventType);
    if (!validate) return [`${event.eventType} is a webhook of no family`];
    const message = eventMessage(event);
    const issuedAt = Math.floor(Date.now() / 1000);
    return validate(event.eventType, {
      header: { alg: EVENT_ALGORITHM, typ: 'JWT' },
      claims: { data: JSON.stringify(message), iat: issuedAt, exp: issuedAt + DEFAULT_EXPIRES_IN_SECONDS, iss: DEFAULT_ISSUER },
      message,
      identity: event.identity,
      payload: event.payload,
    });
  };
};
