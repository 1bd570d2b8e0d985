// The flows of the stateful mock with a webhook receiver subscribed: each flow's events arrive at a node http
// server on 127.0.0.1, signed (verified with storefront-api/events and GET /__mock/webhooks/public-key), valid
// against the spec's webhook schemas, in the order the engine emitted them, with the caller's identity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../../mock/start-mock';
import { oauthStrategy } from '../../src/auth/index';
import * as commerce from '../../src/commerce';
import type { VerifiedEvent } from '../../src/events';
import { apiKey, createClient, type StorefrontClient } from '../../src/index';
import * as platform from '../../src/platform';
import { API_KEY, memberToken } from '../support/mock-credentials';
import { receivedEvents, subscribe } from '../support/webhook-flow';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const CLIENT_ID = '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f';
const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const TOTE = 'c8539b66-7a44-fe18-affc-afec4be8562a';
const TOTE_NATURAL = '00000000-0000-0020-0005-ad9cdc8a2b0f';
const NAPKINS = '5f0c8a1e-2b3d-4c5e-8f9a-0b1c2d3e4f5a';
const SITE_OWNER = '2f3e4d5c-6b7a-4890-a1b2-c3d4e5f6a7b8';
// Approved and unpaid: the seeded order's authorized payment would stop a cancel.
const UNPAID_ORDER = '3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d';
const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10011', addressLine: '235 W 23rd St' };

let mock: RunningMock;
let receiver: WebhookReceiver;
/** Lines the mock logged: an emitted event its webhook's schema refuses is one, and fails the test. */
const mockFailures: string[] = [];
let sessions = 0;

beforeAll(async () => {
  [mock, receiver] = await Promise.all([
    startMock({ port: 0, log: (line) => mockFailures.push(line), webhooks: { backoffMs: 10 } }),
    startWebhookReceiver(() => 200),
  ]);
});
afterAll(async () => {
  await Promise.all([mock?.close(), receiver?.close()]);
});

interface Flow {
  readonly session: string;
  readonly merchant: StorefrontClient;
  readonly visitor: StorefrontClient;
  /** The events delivered so far, verified and checked. */
  events(): Promise<VerifiedEvent[]>;
  /** Every event the engine recorded (GET /__mock/events), oldest first. */
  recorded(): Promise<string[]>;
}

const flow = async (name: string): Promise<Flow> => {
  const session = `webhooks-${name}-${(sessions += 1)}`;
  const headers = { 'x-mock-session': session };
  await subscribe(mock.url, receiver, session);
  return {
    session,
    merchant: createClient({ baseUrl: mock.url, auth: apiKey(API_KEY), headers }),
    visitor: createClient({ baseUrl: mock.url, auth: oauthStrategy({ clientId: CLIENT_ID }), headers }),
    events: () => receivedEvents(mock.url, receiver, session),
    async recorded() {
      const { events } = (await (await fetch(`${mock.url}/__mock/events?session=${session}`)).json()) as {
        events: { eventType: string }[];
      };
      return events.map((event) => event.eventType).reverse();
    },
  };
};

const types = (events: readonly VerifiedEvent[]) => events.map((event) => event.eventType);

const createdEntity = (event: VerifiedEvent | undefined) =>
  (event?.payload as { createdEvent?: { entity?: Record<string, unknown> } } | undefined)?.createdEvent?.entity;
const currentEntity = (event: VerifiedEvent | undefined) =>
  (event?.payload as { updatedEvent?: { currentEntity?: Record<string, unknown> } } | undefined)?.updatedEvent?.currentEntity;
const actionBody = (event: VerifiedEvent | undefined) =>
  (event?.payload as { actionEvent?: { body?: Record<string, unknown> } } | undefined)?.actionEvent?.body;

describe('webhook deliveries of the stateful flows', () => {
  it('cart to paid order: cart created/updated, checkout created, order created, checkout completed, cart deleted, payment status, approved', async () => {
    const f = await flow('cart');
    const { cart } = await commerce.addToCurrentCart(f.visitor, {
      body: {
        lineItems: [
          { quantity: 1, catalogReference: { catalogItemId: TOTE, appId: STORES, options: { variantId: TOTE_NATURAL } } },
          { quantity: 2, catalogReference: { catalogItemId: NAPKINS, appId: STORES } },
        ],
      },
    });
    await commerce.addToCurrentCart(f.visitor, {
      body: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: NAPKINS, appId: STORES } }] },
    });
    await commerce.updateCurrentCart(f.visitor, { body: { couponCode: 'SPRING10' } });
    const { checkoutId } = await commerce.createCheckoutFromCurrentCart(f.visitor, {
      body: { channelType: 'WEB', shippingAddress: NY, selectedShippingOption: { code: 'standard' }, email: 'jane.doe@example.com' },
    });
    const { orderId } = await commerce.createOrderFromCheckout(f.visitor, {
      params: { path: { id: checkoutId as string } },
      body: { savePaymentMethod: true },
    });
    const collector = { params: { path: { ecomOrderId: orderId as string } } };
    await commerce.preparePaymentCollection(f.merchant, { ...collector, body: { amount: { amount: '125.09' }, delayedCapture: true } });
    const state = (await (await fetch(`${mock.url}/__mock/state?session=${f.session}`)).json()) as {
      collections: { orderTransactions: { orderId: string; payments: { id: string }[] }[] };
    };
    const paymentId = state.collections.orderTransactions.find((t) => t.orderId === orderId)?.payments[0]?.id as string;
    await commerce.captureAuthorizedPayments(f.merchant, { ...collector, body: { payments: [{ paymentId }] } });

    const events = await f.events();
    expect(types(events)).toEqual([
      'wix.ecom.v1.cart_created',
      'wix.ecom.v1.cart_updated',
      'wix.ecom.v1.cart_updated',
      'wix.ecom.v1.checkout_created',
      'wix.ecom.v1.cart_updated',
      'wix.ecom.v1.order_created',
      'wix.ecom.v1.checkout_completed',
      'wix.ecom.v1.cart_deleted',
      'wix.ecom.v1.order_payment_status_updated',
      'wix.ecom.v1.order_updated',
      'wix.ecom.v1.order_payment_status_updated',
      'wix.ecom.v1.order_approved',
      'wix.ecom.v1.order_updated',
    ]);
    // The shopper's calls are the visitor's; the payment calls are the merchant's (the site owner).
    expect(events.slice(0, 8).every((event) => event.identity.identityType === 'ANONYMOUS_VISITOR')).toBe(true);
    expect(events.slice(8).map((event) => event.identity)).toEqual(Array(5).fill({ identityType: 'WIX_USER', wixUserId: SITE_OWNER }));
    expect(events[0]?.payload).toMatchObject({ entityFqdn: 'wix.ecom.v1.cart', slug: 'created', entityId: cart?.id });
    expect(createdEntity(events[0])?.lineItems).toHaveLength(2);
    expect(currentEntity(events[2])).toMatchObject({ appliedDiscounts: [{ coupon: { code: 'SPRING10' } }] });
    expect(createdEntity(events[3])).toMatchObject({ id: checkoutId });
    expect(events[5]?.payload).toMatchObject({
      entityId: orderId,
      createdEvent: { entity: { id: orderId, checkoutId, paymentStatus: 'NOT_PAID' } },
    });
    expect(actionBody(events[6])).toMatchObject({ checkout: { id: checkoutId, completed: true } });
    expect(events[7]?.payload).toMatchObject({ entityId: cart?.id, deletedEvent: {} });
    expect(actionBody(events[8])).toMatchObject({ order: { id: orderId, paymentStatus: 'PENDING' }, previousPaymentStatus: 'NOT_PAID' });
    expect(actionBody(events[10])).toMatchObject({ order: { id: orderId, paymentStatus: 'PAID' }, previousPaymentStatus: 'PENDING' });
    expect(actionBody(events[11])).toMatchObject({ order: { id: orderId, status: 'APPROVED' } });
    // Types the spec declares no webhook for are recorded at /__mock/events, not delivered.
    expect((await f.recorded()).filter((type) => !type.startsWith('wix.ecom.v1.order_transactions'))).toEqual(types(events));
    expect(mockFailures).toEqual([]);
  });

  it('cancel: order updated, then order canceled, by the merchant', async () => {
    const f = await flow('cancel');
    await commerce.cancelOrder(f.merchant, { params: { path: { id: UNPAID_ORDER } }, body: { restockAllItems: true } });
    const events = await f.events();
    expect(types(events)).toEqual(['wix.ecom.v1.order_updated', 'wix.ecom.v1.order_canceled']);
    expect(events[1]?.payload).toMatchObject({ entityFqdn: 'wix.ecom.v1.order', slug: 'canceled', entityId: UNPAID_ORDER });
    expect(actionBody(events[1])).toMatchObject({ order: { id: UNPAID_ORDER, status: 'CANCELED' } });
    expect(events[1]?.identity).toEqual({ identityType: 'WIX_USER', wixUserId: SITE_OWNER });
    expect(mockFailures).toEqual([]);
  });

  it('review moderation: created by a visitor, moderation status changed and published on approval, updated by replies, deleted', async () => {
    const f = await flow('reviews');
    const { review } = await platform.createReview(f.visitor, {
      body: {
        review: {
          namespace: 'stores',
          entityId: TOTE,
          content: { title: 'Lovely', body: 'Soft', rating: 5 },
          author: { authorName: 'Ana' },
        },
      },
    });
    const reviewId = review?.id as string;
    await platform.updateReview(f.merchant, {
      params: { path: { reviewId } },
      body: { review: { moderation: { moderationStatus: 'APPROVED' } } },
    });
    await platform.setReviewReply(f.merchant, { params: { path: { reviewId } }, body: { message: 'Thank you!' } });
    await platform.deleteReview(f.merchant, { params: { path: { reviewId } } });
    const events = await f.events();
    expect(types(events)).toEqual([
      'wix.reviews.v1.review_created',
      'wix.reviews.v1.review_moderation_status_changed',
      'wix.reviews.v1.review_review_published',
      'wix.reviews.v1.review_updated',
      'wix.reviews.v1.review_updated',
      'wix.reviews.v1.review_deleted',
    ]);
    expect(events.every((event) => event.payload.entityId === reviewId)).toBe(true);
    expect(events[0]?.identity.identityType).toBe('ANONYMOUS_VISITOR');
    expect(createdEntity(events[0])).toMatchObject({ moderation: { moderationStatus: 'IN_MODERATION' } });
    expect(actionBody(events[1])).toMatchObject({
      review: { moderation: { moderationStatus: 'APPROVED' } },
      previousModerationStatus: 'IN_MODERATION',
    });
    expect(currentEntity(events[4])).toMatchObject({ reply: { message: 'Thank you!' } });
    expect(events[5]?.identity).toEqual({ identityType: 'WIX_USER', wixUserId: SITE_OWNER });
    expect(mockFailures).toEqual([]);
  });

  it('file import READY / FAILED, update, trash, restore, delete for good', async () => {
    const f = await flow('files');
    const { file } = await platform.importFile(f.merchant, {
      body: { url: 'https://images.example.com/leon.jpg', mediaType: 'IMAGE', displayName: 'leon.jpg' },
    });
    const fileId = file?.id as string;
    await platform.getFileDescriptor(f.merchant, { params: { query: { fileId } } });
    const { file: failed } = await platform.importFile(f.merchant, {
      body: { url: 'https://images.example.com/fail.jpg', mediaType: 'IMAGE' },
    });
    await platform.getFileDescriptor(f.merchant, { params: { query: { fileId: failed?.id as string } } });
    await platform.updateFileDescriptor(f.merchant, { body: { file: { id: fileId, displayName: 'leon-2.jpg' } } } as never);
    await platform.bulkDeleteFiles(f.merchant, { body: { fileIds: [fileId] } });
    await platform.bulkRestoreFilesFromTrashBin(f.merchant, { body: { fileIds: [fileId] } });
    await platform.bulkDeleteFiles(f.merchant, { body: { fileIds: [fileId], permanent: true } });
    const events = await f.events();
    expect(types(events)).toEqual([
      'wix.media.site_media.v1.file_descriptor_file_ready',
      'wix.media.site_media.v1.file_descriptor_file_failed',
      'wix.media.site_media.v1.file_descriptor_updated',
      'wix.media.site_media.v1.file_descriptor_deleted',
      'wix.media.site_media.v1.file_descriptor_updated',
      'wix.media.site_media.v1.file_descriptor_deleted',
    ]);
    expect(actionBody(events[0])).toMatchObject({ file: { id: fileId, operationStatus: 'READY' } });
    expect(events[1]?.payload.entityId).toBe(failed?.id);
    expect(actionBody(events[1])).toMatchObject({ error: { code: 'FILE_PROCESSING_FAILED' } });
    expect(currentEntity(events[2])).toMatchObject({ id: fileId, displayName: 'leon-2.jpg' });
    expect(events.slice(3).every((event) => event.payload.entityId === fileId)).toBe(true);
    expect(mockFailures).toEqual([]);
  });

  it('back-in-stock requests: created by a visitor, updated when marked sent, deleted', async () => {
    const f = await flow('back-in-stock');
    const { request } = await commerce.createBackInStockNotificationRequest(f.visitor, {
      body: {
        request: { catalogReference: { catalogItemId: TOTE, appId: STORES }, email: 'jane.doe@example.com' },
        itemDetails: { name: 'Linen Tote Bag', price: '25.00' },
      },
    } as never);
    const id = request?.id as string;
    await commerce.markBackInStockNotificationRequestAsNotificationSent(f.merchant, { params: { path: { id } } });
    await commerce.deleteBackInStockNotificationRequest(f.merchant, { params: { path: { id } } });
    const events = await f.events();
    expect(types(events)).toEqual([
      'wix.ecom.v1.back_in_stock_notification_request_created',
      'wix.ecom.v1.back_in_stock_notification_request_updated',
      'wix.ecom.v1.back_in_stock_notification_request_deleted',
    ]);
    expect(events.map((event) => event.identity.identityType)).toEqual(['ANONYMOUS_VISITOR', 'WIX_USER', 'WIX_USER']);
    expect(createdEntity(events[0])).toMatchObject({ id, email: 'jane.doe@example.com', status: 'RECEIVED' });
    expect(currentEntity(events[1])).toMatchObject({ id, status: 'NOTIFICATION_SENT' });
    expect(mockFailures).toEqual([]);
  });

  it('a member’s change carries the MEMBER identity with the member’s id', async () => {
    const f = await flow('member-identity');
    const memberId = '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182';
    const token = await memberToken(mock.url, f.session, memberId);
    const member = createClient({
      baseUrl: mock.url,
      auth: { getAuthHeaders: async () => ({ Authorization: token }) },
      headers: { 'x-mock-session': f.session },
    });
    await commerce.addToCurrentCart(member, {
      body: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: NAPKINS, appId: STORES } }] },
    });
    const events = await f.events();
    expect(events.map((event) => [event.eventType, event.identity])).toEqual([
      ['wix.ecom.v1.cart_created', { identityType: 'MEMBER', memberId }],
    ]);
    expect(mockFailures).toEqual([]);
  });

  it('catalogue CRUD and the member life cycle: recorded at /__mock/events, no webhook declared, nothing delivered', async () => {
    const f = await flow('catalogue-members');
    const { product } = await platform.createProduct(f.merchant, {
      body: { product: { name: 'Sample', productType: 'physical', priceData: { price: 5 } } },
    });
    await platform.updateProduct(f.merchant, {
      params: { path: { id: product?.id as string } },
      body: { product: { priceData: { price: 6 } } },
    });
    await platform.deleteProduct(f.merchant, { params: { path: { id: product?.id as string } } });
    const { member } = await platform.createMember(f.merchant, { body: { member: { loginEmail: 'lena.park@example.com' } } });
    await platform.blockMember(f.merchant, { params: { path: { id: member?.id as string } } });
    expect(await f.recorded()).toEqual([
      'com.wix.ecommerce.catalog.api.v1.ProductCreated',
      'com.wix.ecommerce.catalog.api.v1.ProductChanged',
      'com.wix.ecommerce.catalog.api.v1.ProductDeleted',
      'wix.members.v1.member_created',
      'wix.members.v1.member_updated',
    ]);
    expect(await f.events()).toEqual([]);
    expect(mockFailures).toEqual([]);
  });
});
