import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_KEY, memberToken, resetSession, visitorToken } from '../support/mock-credentials';

// Rules the spec states in its descriptions rather than its schemas, each enforced by the stateful mock: the
// answer is the status and code the operation declares for the refusal, and nothing is stored.
const baseUrl = inject('mockUrl');
const SESSION = 'stated-rules';
const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const NAPKINS = '5f0c8a1e-2b3d-4c5e-8f9a-0b1c2d3e4f5a';
const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10011', addressLine: '235 W 23rd St' };
const AUTHORIZED_ORDER = '8f3c2b1a-4d5e-4f6a-9b7c-0d1e2f3a4b5c';
const AUTHORIZED_PAYMENT = '4c3b2a19-0f8e-4d7c-b6a5-9e8d7c6b5a4f';
const UNPAID_ORDER = '3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d';
const TOTE = 'c8539b66-7a44-fe18-affc-afec4be8562a';
const MAYA = '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182';
const DANIEL = '5e9b2f7c-1a3d-4e6f-8b0a-2c4e6f8a0b1c';
const JANE = '5e9a7c1b-2d4f-4a63-8b0e-1f2c3d4e5a6b';
const OLIVIA = '0f1e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b';
const SAM = '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';

interface Answer {
  readonly status: number;
  readonly body: {
    details?: {
      applicationError?: { code?: string; data?: Record<string, unknown> };
      validationError?: { fieldViolations?: { field?: string }[] };
    };
  } & Record<string, unknown>;
}

const call = async (session: string, authorization: string, method: string, path: string, body?: unknown): Promise<Answer> => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: authorization, 'x-mock-session': session, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
};

/** The platform's code: an application error's, or INVALID_ARGUMENT for field violations (the message's prefix). */
const codeOf = (answer: Answer) => ({
  status: answer.status,
  code: answer.body.details?.applicationError?.code ?? (answer.body.details?.validationError ? 'INVALID_ARGUMENT' : undefined),
});
const fieldsOf = (answer: Answer) => answer.body.details?.validationError?.fieldViolations?.map((violation) => violation.field);

describe('rules stated in the spec', () => {
  let session = '';
  let sessions = 0;
  beforeAll(() => resetSession(baseUrl, SESSION));
  const fresh = async () => {
    session = `${SESSION}-${(sessions += 1)}`;
    await resetSession(baseUrl, session);
    return session;
  };

  it('a visitor creating a checkout from the cart with an address must send email (400 naming email); with it, 200', async () => {
    const s = await fresh();
    const visitor = await visitorToken(baseUrl, s);
    const added = await call(s, visitor, 'POST', '/v1/carts/current/add-to-cart', {
      lineItems: [{ quantity: 1, catalogReference: { catalogItemId: NAPKINS, appId: STORES } }],
    });
    expect(added.status).toBe(200);
    const noChannel = await call(s, visitor, 'POST', '/v1/carts/current/create-checkout', { email: 'jane.doe@example.com' });
    expect(noChannel.status).toBe(400);
    expect(JSON.stringify(noChannel.body)).toContain('channelType');
    const without = await call(s, visitor, 'POST', '/v1/carts/current/create-checkout', { channelType: 'WEB', shippingAddress: NY });
    expect(codeOf(without)).toEqual({ status: 400, code: 'INVALID_ARGUMENT' });
    expect(fieldsOf(without)).toEqual(['email']);
    expect((await call(s, visitor, 'GET', '/v1/carts/current')).body).not.toHaveProperty('cart.checkoutId');
    const member = await memberToken(baseUrl, s);
    await call(s, member, 'POST', '/v1/carts/current/add-to-cart', {
      lineItems: [{ quantity: 1, catalogReference: { catalogItemId: NAPKINS, appId: STORES } }],
    });
    expect((await call(s, member, 'POST', '/v1/carts/current/create-checkout', { channelType: 'WEB', shippingAddress: NY })).status).toBe(
      200,
    );
    const withEmail = await call(s, visitor, 'POST', '/v1/carts/current/create-checkout', {
      channelType: 'WEB',
      shippingAddress: NY,
      email: 'jane.doe@example.com',
    });
    expect(withEmail.status).toBe(200);
  });

  it("an author's second review of the same entity is refused (400 naming entityId); another entity is fine", async () => {
    const s = await fresh();
    const member = await memberToken(baseUrl, s);
    const review = (entityId: string) => ({ review: { namespace: 'stores', entityId, content: { title: 'Soft', rating: 5 } } });
    expect((await call(s, member, 'POST', '/v1/reviews', review(NAPKINS))).status).toBe(200);
    const again = await call(s, member, 'POST', '/v1/reviews', review(NAPKINS));
    expect(codeOf(again)).toEqual({ status: 400, code: 'INVALID_ARGUMENT' });
    expect(fieldsOf(again)).toEqual(['entityId']);
    const contact = await call(s, member, 'POST', '/v1/reviews/contact', {
      namespace: 'stores',
      entityId: NAPKINS,
      content: { rating: 4 },
    });
    expect(codeOf(contact)).toEqual({ status: 400, code: 'INVALID_ARGUMENT' });
    const query = await call(s, API_KEY, 'POST', '/v1/reviews/query', {
      query: { filter: { entityId: { $eq: NAPKINS } } },
      returnPrivateReviews: true,
    });
    expect(query.status).toBe(200);
    expect((query.body.reviews as unknown[]).length).toBe(1);
    const imported = {
      review: {
        namespace: 'stores',
        entityId: NAPKINS,
        content: { rating: 3 },
        author: { contactId: '3c8e1a5f-7b2d-4f9a-8e6c-5a1d3f7b9e2c' },
      },
    };
    expect((await call(s, API_KEY, 'POST', '/v1/reviews', imported)).status).toBe(200);
    expect(codeOf(await call(s, API_KEY, 'POST', '/v1/reviews', imported))).toEqual({ status: 400, code: 'INVALID_ARGUMENT' });
  });

  it('an app creating a review and its contact must name the author (name and email)', async () => {
    const s = await fresh();
    const answer = await call(s, API_KEY, 'POST', '/v1/reviews/contact', {
      namespace: 'stores',
      entityId: NAPKINS,
      content: { rating: 4 },
    });
    expect(codeOf(answer)).toEqual({ status: 400, code: 'INVALID_ARGUMENT' });
    expect(fieldsOf(answer)).toEqual(['name']);
  });

  it('cancelling an order with an authorized payment is 428 ORDER_HAS_AUTHORIZED_TRANSACTION until it is voided', async () => {
    const s = await fresh();
    const refused = await call(s, API_KEY, 'POST', `/v1/orders/${AUTHORIZED_ORDER}/cancel`, {});
    expect(codeOf(refused)).toEqual({ status: 428, code: 'ORDER_HAS_AUTHORIZED_TRANSACTION' });
    expect((await call(s, API_KEY, 'GET', `/v1/orders/${AUTHORIZED_ORDER}`)).body).toMatchObject({ order: { status: 'INITIALIZED' } });
    const voided = await call(s, API_KEY, 'POST', `/v1/payments-collector/orders/${AUTHORIZED_ORDER}/void-authorized-payments`, {
      paymentIds: [AUTHORIZED_PAYMENT],
    });
    expect(voided.status).toBe(200);
    expect((await call(s, API_KEY, 'POST', `/v1/orders/${AUTHORIZED_ORDER}/cancel`, {})).body).toMatchObject({
      order: { status: 'CANCELED' },
    });
  });

  it('cancelling after a delayed-capture collection is refused the same way', async () => {
    const s = await fresh();
    const prepared = await call(s, API_KEY, 'POST', `/v1/payments-collector/orders/${UNPAID_ORDER}/prepare-payment-collection`, {
      amount: { amount: '10.00' },
      delayedCapture: true,
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    expect(codeOf(await call(s, API_KEY, 'POST', `/v1/orders/${UNPAID_ORDER}/cancel`, {}))).toEqual({
      status: 428,
      code: 'ORDER_HAS_AUTHORIZED_TRANSACTION',
    });
  });
  it('creating a checkout from the cart with channelType UNSPECIFIED is refused (400 naming channelType); WEB is taken', async () => {
    const s = await fresh();
    const visitor = await visitorToken(baseUrl, s);
    await call(s, visitor, 'POST', '/v1/carts/current/add-to-cart', {
      lineItems: [{ quantity: 1, catalogReference: { catalogItemId: NAPKINS, appId: STORES } }],
    });
    const unspecified = await call(s, visitor, 'POST', '/v1/carts/current/create-checkout', { channelType: 'UNSPECIFIED' });
    expect(codeOf(unspecified)).toEqual({ status: 400, code: 'INVALID_ARGUMENT' });
    expect(fieldsOf(unspecified)).toEqual(['channelType']);
    expect((await call(s, visitor, 'GET', '/v1/carts/current')).body).not.toHaveProperty('cart.checkoutId');
    expect((await call(s, visitor, 'POST', '/v1/carts/current/create-checkout', { channelType: 'WEB' })).status).toBe(200);
  });

  it('starting a verification without identityId is refused (400 naming identityId); with it, 200', async () => {
    const s = await fresh();
    const visitor = await visitorToken(baseUrl, s);
    const without = await call(s, visitor, 'POST', '/v1/Start', { target: 'EMAIL' });
    expect(codeOf(without)).toEqual({ status: 400, code: 'INVALID_ARGUMENT' });
    expect(fieldsOf(without)).toEqual(['identityId']);
    expect((await call(s, visitor, 'POST', '/v1/Start', { identityId: JANE, target: 'EMAIL' })).status).toBe(200);
  });

  it('counting more reviews than the platform counts is 428 TOO_MANY_TO_COUNT; a narrower filter counts', async () => {
    const s = await fresh();
    const visitor = await visitorToken(baseUrl, s);
    const all = await call(s, visitor, 'POST', '/v1/reviews/count', { filter: { entityId: { $eq: TOTE } } });
    expect(codeOf(all)).toEqual({ status: 428, code: 'TOO_MANY_TO_COUNT' });
    const fours = await call(s, visitor, 'POST', '/v1/reviews/count', {
      filter: { entityId: { $eq: TOTE }, 'content.rating': { $eq: 4 } },
    });
    expect(fours.status).toBe(200);
    expect(fours.body.count).toBeGreaterThan(0);
  });

  it('unpublished reviews need the Manage Reviews permission: 403 for a visitor, the site owner reads them', async () => {
    const s = await fresh();
    const visitor = await visitorToken(baseUrl, s);
    const asked = { query: {}, returnPrivateReviews: true };
    expect(codeOf(await call(s, visitor, 'POST', '/v1/reviews/query', asked))).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    expect(codeOf(await call(s, visitor, 'POST', '/v1/reviews/count', { includePrivateReviews: true }))).toEqual({
      status: 403,
      code: 'PERMISSION_DENIED',
    });
    expect((await call(s, API_KEY, 'POST', '/v1/reviews/query', asked)).status).toBe(200);
  });

  it('a member blocked by the requested member gets 403 MEMBER_TO_MEMBER_BLOCKED naming itself; another member, PERMISSION_DENIED', async () => {
    const s = await fresh();
    const maya = await memberToken(baseUrl, s);
    const blocked = await call(s, maya, 'GET', `/v1/members/${JANE}`);
    expect(codeOf(blocked)).toEqual({ status: 403, code: 'MEMBER_TO_MEMBER_BLOCKED' });
    expect(blocked.body.details?.applicationError?.data).toEqual({ memberId: MAYA });
    expect(codeOf(await call(s, maya, 'GET', `/v1/members/${DANIEL}`))).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    expect((await call(s, API_KEY, 'GET', `/v1/members/${JANE}`)).status).toBe(200);
  });

  it("the site owner's member and a member with an active subscription cannot be blocked, and stay approved", async () => {
    const s = await fresh();
    const owner = await call(s, API_KEY, 'POST', `/v1/members/${OLIVIA}/block`);
    expect(codeOf(owner)).toEqual({ status: 403, code: 'OWNER_MEMBER_BLOCK_FORBIDDEN' });
    const subscriber = await call(s, API_KEY, 'POST', `/v1/members/${SAM}/block`);
    expect(codeOf(subscriber)).toEqual({ status: 403, code: 'ACTIVE_SUBSCRIPTION_MEMBER_BLOCK_FORBIDDEN' });
    for (const id of [OLIVIA, SAM])
      expect((await call(s, API_KEY, 'GET', `/v1/members/${id}?fieldsets=FULL`)).body).toMatchObject({ member: { status: 'APPROVED' } });
    expect((await call(s, API_KEY, 'POST', `/v1/members/${DANIEL}/block`)).body).toMatchObject({ member: { status: 'BLOCKED' } });
  });

  it('a wrong or expired e-mail code is 400 VERIFICATION_FAILED; the right one signs in', async () => {
    const s = await fresh();
    const visitor = await visitorToken(baseUrl, s);
    const login = await call(s, visitor, 'POST', '/v2/login', { loginId: { email: 'verify@example.com' }, password: 'Str0ng-Passw0rd' });
    const stateToken = login.body.stateToken as string;
    expect(login.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const wrong = await call(s, visitor, 'POST', '/v1/auth/verify', { code: '000000', stateToken });
    expect(codeOf(wrong)).toEqual({ status: 400, code: 'VERIFICATION_FAILED' });
    expect((await call(s, visitor, 'POST', '/v1/auth/verify', { code: '482913', stateToken })).body).toMatchObject({ state: 'SUCCESS' });
  });
});
