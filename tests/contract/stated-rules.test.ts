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

interface Answer {
  readonly status: number;
  readonly body: {
    details?: { applicationError?: { code?: string }; validationError?: { fieldViolations?: { field?: string }[] } };
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
});
