import { beforeAll, describe, expect, it } from 'vitest';
import { domainEvent } from '../../mock/events/domain-event';
import { type EventToSign, eventMessage, signEvent } from '../../mock/events/sign-event';
import { generateSigningKeyPair, type SigningKeyPair } from '../../mock/events/signing-keys';
import { createDeliveryValidator } from '../../spec-model/delivery-validator';
import { loadDocument } from '../../spec-model/load';
import { verifyEvent } from '../../src/events';
import { decodeDelivery } from '../support/decode-delivery';

let keys: SigningKeyPair;
beforeAll(async () => {
  keys = await generateSigningKeyPair();
});

const validateCommerce = createDeliveryValidator('commerce', loadDocument('commerce'));
const validatePlatform = createDeliveryValidator('platform', loadDocument('platform'));
const ORDER_ID = '8f3c2b1a-4d5e-4f6a-9b7c-0d1e2f3a4b5c';
const VISITOR = { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: '6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b' } as const;

const paymentStatusUpdated = (): EventToSign => ({
  eventType: 'wix.ecom.v1.order_payment_status_updated',
  instanceId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  identity: { identityType: 'WIX_USER', wixUserId: '2f3e4d5c-6b7a-4890-a1b2-c3d4e5f6a7b8' },
  payload: domainEvent(
    'wix.ecom.v1.order_payment_status_updated',
    ORDER_ID,
    { actionEvent: { body: { order: { id: ORDER_ID, paymentStatus: 'PAID' }, previousPaymentStatus: 'NOT_PAID' } } },
    { id: '5e3a1c9b-2d4f-4a6e-8b0c-7d9e1f2a3b4c', eventTime: new Date('2026-03-01T12:00:00.000Z'), sequence: 3 },
  ),
});

describe('the mock signs events as the platform delivers them', () => {
  it('builds the domain event from the event type: entity, slug, id, time and body', () => {
    expect(paymentStatusUpdated().payload).toEqual({
      id: '5e3a1c9b-2d4f-4a6e-8b0c-7d9e1f2a3b4c',
      entityFqdn: 'wix.ecom.v1.order',
      slug: 'payment_status_updated',
      entityId: ORDER_ID,
      eventTime: '2026-03-01T12:00:00.000Z',
      entityEventSequence: '3',
      actionEvent: { body: { order: { id: ORDER_ID, paymentStatus: 'PAID' }, previousPaymentStatus: 'NOT_PAID' } },
    });
    const generated = domainEvent('wix.ecom.v1.cart_deleted', 'c1', { deletedEvent: {} });
    expect(generated.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(generated.eventTime)).not.toBeNaN();
    // @ts-expect-error not an event type of the spec
    expect(() => domainEvent('wix.ecom.v1.cart_teleported', 'c1', {})).toThrow(/unknown event type "wix.ecom.v1.cart_teleported"/);
  });

  it('nests the message as the platform does: identity and data are JSON strings inside the data claim', () => {
    const event = paymentStatusUpdated();
    const message = eventMessage(event);
    expect(typeof message.identity).toBe('string');
    expect(typeof message.data).toBe('string');
    expect(JSON.parse(message.data)).toEqual(event.payload);
    expect(JSON.parse(message.identity)).toEqual(event.identity);
  });

  it('signs RS256 with iat, exp an hour later and iss wix.com; every layer is valid against the spec', async () => {
    const token = await signEvent(paymentStatusUpdated(), keys.privateKey, { issuedAt: 1772366400 });
    const delivery = decodeDelivery(token);
    expect(delivery.header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(delivery.claims).toMatchObject({ iat: 1772366400, exp: 1772370000, iss: 'wix.com' });
    expect(validateCommerce('wix.ecom.v1.order_payment_status_updated', delivery)).toEqual([]);
    // The validator is not blind: a wrong layer is named.
    expect(validateCommerce('wix.ecom.v1.order_payment_status_updated', { ...delivery, identity: { identityType: 'ROBOT' } })[0]).toMatch(
      /^identity\/identityType/,
    );
  });

  it('is verified by the package receiver with the exported PEM, and refused with another key', async () => {
    const token = await signEvent(paymentStatusUpdated(), keys.privateKey);
    expect(keys.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    const event = await verifyEvent(token, keys.publicKeyPem);
    expect(event).toEqual({ ...paymentStatusUpdated(), payload: paymentStatusUpdated().payload });
    const other = await generateSigningKeyPair();
    await expect(verifyEvent(token, other.publicKeyPem)).rejects.toMatchObject({ reason: 'INVALID_SIGNATURE' });
  });

  it('leaves exp out when asked (the spec example tokens), and names the audience and key id when given', async () => {
    const event: EventToSign = {
      eventType: 'wix.reviews.v1.review_created',
      instanceId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      identity: VISITOR,
      payload: domainEvent('wix.reviews.v1.review_created', 'r1', {
        createdEvent: { entity: { id: '9b2e4c61-3f8a-4d7e-b5c2-0a1f6e8d4b37' } },
      }),
      accountInfo: { siteId: '6b7c8d9e-0f1a-4b2c-83d4-e5f6a7b8c9d0' },
    };
    const delivery = decodeDelivery(await signEvent(event, keys.privateKey, { expiresInSeconds: null, audience: 'app-1', keyId: 'k1' }));
    expect(delivery.claims).not.toHaveProperty('exp');
    expect(delivery.claims).toMatchObject({ aud: 'app-1' });
    expect(delivery.header).toMatchObject({ kid: 'k1' });
    expect(delivery.message).toMatchObject({ accountInfo: { siteId: '6b7c8d9e-0f1a-4b2c-83d4-e5f6a7b8c9d0' } });
    expect(validatePlatform('wix.reviews.v1.review_created', delivery)).toEqual([]);
  });
});
