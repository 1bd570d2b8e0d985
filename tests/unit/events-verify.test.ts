import { createHmac } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { EventVerificationError, type EventVerificationReason, verifyEvent } from '../../src/events';
import { forge, message, ORDER, orderCreated, sign, type TestKeys, testKeys } from '../support/event-tokens';

let keys: TestKeys;
let other: TestKeys;
beforeAll(async () => {
  [keys, other] = await Promise.all([testKeys(), testKeys()]);
});

const ORDER_CREATED = 'wix.ecom.v1.order_created';

/** The refusal of `token`, checked to name its reason and never to quote the token or a part of it. */
const refusal = async (token: string, key: string | CryptoKey = keys.publicKeyPem, options = {}): Promise<EventVerificationError> => {
  const error = await verifyEvent(token, key, options).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EventVerificationError);
  const refused = error as EventVerificationError;
  expect(refused.name).toBe('EventVerificationError');
  for (const part of [token, ...token.split('.')].filter((piece) => piece.length > 8)) expect(refused.message).not.toContain(part);
  return refused;
};
const expectReason = async (token: string, reason: EventVerificationReason, key?: string | CryptoKey, options = {}) => {
  const error = await refusal(token, key, options);
  expect(error.reason, error.message).toBe(reason);
  return error;
};

describe('verifyEvent', () => {
  it('returns the event of a delivery, its nested JSON strings parsed, typed by eventType', async () => {
    const token = await sign(keys.privateKey, message(ORDER_CREATED, orderCreated()));
    const event = await verifyEvent(token, keys.publicKeyPem);
    expect(event).toEqual({
      eventType: ORDER_CREATED,
      instanceId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      identity: { identityType: 'MEMBER', memberId: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9' },
      payload: orderCreated(),
    });
    if (event.eventType === ORDER_CREATED) {
      const id: string | undefined = event.payload.createdEvent.entity.id;
      expect(id).toBe(ORDER.id);
      // @ts-expect-error an order-created event has no actionEvent
      expect(event.payload.actionEvent).toBeUndefined();
    }
  });

  it('takes the key as PEM or imported, and the body as text (trailing newline too) or bytes', async () => {
    const token = await sign(keys.privateKey, message(ORDER_CREATED, orderCreated()));
    expect((await verifyEvent(`${token}\n`, keys.publicKey)).eventType).toBe(ORDER_CREATED);
    expect((await verifyEvent(new TextEncoder().encode(token), keys.publicKeyPem)).eventType).toBe(ORDER_CREATED);
  });

  it('keeps accountInfo and reads a missing identity as UNKNOWN, as the platform SDK does', async () => {
    const { identity: _identity, ...withoutIdentity } = message(ORDER_CREATED, orderCreated(), { accountInfo: { siteId: 's1' } });
    const event = await verifyEvent(await sign(keys.privateKey, withoutIdentity), keys.publicKeyPem);
    expect(event.identity).toEqual({ identityType: 'UNKNOWN' });
    expect(event.accountInfo).toEqual({ siteId: 's1' });
  });

  it('refuses a token signed by another key, or changed after signing', async () => {
    await expectReason(await sign(other.privateKey, message(ORDER_CREATED, orderCreated())), 'INVALID_SIGNATURE');
    const [header, , signature] = (await sign(keys.privateKey, message(ORDER_CREATED, orderCreated()))).split('.');
    const tampered = forge({ alg: 'RS256' }, { data: JSON.stringify(message(ORDER_CREATED, orderCreated({ entityId: 'someone-else' }))) });
    await expectReason(`${header}.${tampered.split('.')[1]}.${signature}`, 'INVALID_SIGNATURE');
  });

  it('refuses alg none, HS256 keyed with the public key, and RS512', async () => {
    const claims = { data: JSON.stringify(message(ORDER_CREATED, orderCreated())) };
    await expectReason(forge({ alg: 'none' }, claims), 'ALGORITHM_NOT_ALLOWED');
    const unsigned = forge({ alg: 'HS256', typ: 'JWT' }, claims);
    const hmac = createHmac('sha256', keys.publicKeyPem).update(unsigned.slice(0, -1)).digest('base64url');
    const error = await expectReason(`${unsigned}${hmac}`, 'ALGORITHM_NOT_ALLOWED');
    expect(error.message).toContain('"HS256"');
    const rs512 = await generateKeyPair('RS512');
    await expectReason(await new SignJWT(claims).setProtectedHeader({ alg: 'RS512' }).sign(rs512.privateKey), 'ALGORITHM_NOT_ALLOWED');
  });

  it('refuses an expired token, unless within the clock tolerance; refuses a token not valid yet', async () => {
    const expired = await sign(keys.privateKey, message(ORDER_CREATED, orderCreated()), (jwt) =>
      jwt.setExpirationTime(Math.floor(Date.now() / 1000) - 30),
    );
    await expectReason(expired, 'TOKEN_EXPIRED');
    expect((await verifyEvent(expired, keys.publicKeyPem, { clockToleranceSec: 120 })).eventType).toBe(ORDER_CREATED);
    const early = await sign(keys.privateKey, message(ORDER_CREATED, orderCreated()), (jwt) => jwt.setNotBefore('1h'));
    expect((await expectReason(early, 'INVALID_CLAIM')).message).toContain('"nbf"');
    const wrongIssuer = await sign(keys.privateKey, message(ORDER_CREATED, orderCreated()));
    expect((await expectReason(wrongIssuer, 'INVALID_CLAIM', undefined, { issuer: 'someone.else' })).message).toContain('"iss"');
  });

  it.each([
    ['an empty body', ''],
    ['text that is no JWT', 'hello'],
    ['two parts', 'abc.def'],
    ['a header that is not JSON', `${Buffer.from('nope').toString('base64url')}.e30.c2ln`],
  ])('refuses %s as MALFORMED_TOKEN', async (_case, body) => {
    await expectReason(body, 'MALFORMED_TOKEN');
  });

  it.each([
    ['a data claim that is not JSON', '{not json', 'the "data" claim is not valid JSON'],
    ['no eventType', { ...message(ORDER_CREATED, orderCreated()), eventType: 7 }, 'data.eventType'],
    ['no instanceId', { ...message(ORDER_CREATED, orderCreated()), instanceId: undefined }, 'data.instanceId'],
    ['an identity that is not JSON', { ...message(ORDER_CREATED, orderCreated()), identity: '{' }, 'data.identity is not valid JSON'],
    ['a domain event that is an array', { ...message(ORDER_CREATED, orderCreated()), data: '[]' }, 'data.data must hold a JSON object'],
    [
      'the entity of another event type',
      message(ORDER_CREATED, orderCreated({ entityFqdn: 'wix.ecom.v1.cart' })),
      'data.data.entityFqdn must be "wix.ecom.v1.order"',
    ],
    [
      'the body of another slug',
      message(ORDER_CREATED, orderCreated({ createdEvent: undefined, actionEvent: { body: {} } })),
      'data.data.createdEvent must be an object',
    ],
  ])('refuses %s as MALFORMED_EVENT, naming the field', async (_case, data, named) => {
    const error = await expectReason(await sign(keys.privateKey, data), 'MALFORMED_EVENT');
    expect(error.message).toContain(named);
  });

  it('refuses a data claim that is not a string as MALFORMED_EVENT', async () => {
    const token = await new SignJWT({ data: { nested: true } }).setProtectedHeader({ alg: 'RS256' }).sign(keys.privateKey);
    expect((await expectReason(token, 'MALFORMED_EVENT')).message).toBe('the "data" claim must be a JSON string');
  });

  it('refuses an event type the spec does not declare', async () => {
    const error = await expectReason(
      await sign(keys.privateKey, message('wix.ecom.v1.order_teleported', orderCreated({ slug: 'teleported' }))),
      'UNKNOWN_EVENT_TYPE',
    );
    expect(error.message).toContain('"wix.ecom.v1.order_teleported"');
  });

  it('refuses a key that is not an RSA public key in PEM', async () => {
    const token = await sign(keys.privateKey, message(ORDER_CREATED, orderCreated()));
    await expectReason(token, 'INVALID_KEY', '-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----');
  });
});
