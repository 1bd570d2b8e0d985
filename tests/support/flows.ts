// The flows of the stateful mock, walked through the package's operation functions as an app calls them. One
// suite, run twice: against the Node server and through the MSW handlers (same engine, two adapters). Each
// flow works in a session of its own, so the runs and the flows never see each other's state.
import { describe, expect, it } from 'vitest';
import { oauthStrategy } from '../../src/auth/index';
import * as commerce from '../../src/commerce';
import { ApiError, apiKey, type StorefrontClient as Client, createClient } from '../../src/index';
import * as platform from '../../src/platform';
import { API_KEY } from './mock-credentials';

const CLIENT_ID = '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f';
const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const TOTE = 'c8539b66-7a44-fe18-affc-afec4be8562a';
const TOTE_NATURAL = '00000000-0000-0020-0005-ad9cdc8a2b0f';
const NAPKINS = '5f0c8a1e-2b3d-4c5e-8f9a-0b1c2d3e4f5a';
const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10011', addressLine: '235 W 23rd St' };

interface Flow {
  readonly merchant: Client;
  readonly visitor: Client;
  readonly session: string;
  readonly anonymous: Client;
  memberClient(memberId: string): Promise<Client>;
  control(path: string, init?: RequestInit): Promise<Response>;
}

/** Clients of one session: the merchant (API key), a visitor (tokens minted by the mock), no credentials. */
const flowOf = (baseUrl: string, session: string): Flow => {
  const headers = { 'x-mock-session': session };
  const merchant = createClient({ baseUrl, auth: apiKey(API_KEY), headers });
  return {
    merchant,
    visitor: createClient({ baseUrl, auth: oauthStrategy({ clientId: CLIENT_ID }), headers }),
    anonymous: createClient({ baseUrl, headers }),
    session,
    async memberClient(memberId) {
      const { access_token: token } = (await platform.token(createClient({ baseUrl, auth: apiKey(API_KEY), headers }), {
        body: { grant_type: 'authorized_client', member_id: memberId } as never,
      })) as { access_token: string };
      return createClient({ baseUrl, auth: { getAuthHeaders: async () => ({ Authorization: token }) }, headers });
    },
    control: (path, init = {}) =>
      fetch(`${baseUrl}/__mock/${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } }),
  };
};

const failure = async (call: Promise<unknown>): Promise<ApiError> => {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'the call must fail').toBeInstanceOf(ApiError);
  return error as ApiError;
};

const eventTypes = async (flow: Flow): Promise<string[]> => {
  const { events } = (await (await flow.control(`events?session=${flow.session}`)).json()) as { events: { eventType: string }[] };
  return events.map((event) => event.eventType);
};

export const describeFlows = (adapter: string, baseUrl: () => string): void => {
  let sessions = 0;
  const flow = (name: string) => flowOf(baseUrl(), `${adapter.replace(/\W+/g, '-')}-${name}-${(sessions += 1)}`);

  describe(`flows through the ${adapter}`, () => {
    it('cart to paid order: add, quantities, coupon, totals, checkout, order, collect, capture', async () => {
      const f = flow('cart');
      expect((await failure(commerce.getCurrentCart(f.visitor))).status).toBe(404);

      let { cart } = await commerce.addToCurrentCart(f.visitor, {
        body: {
          lineItems: [
            { quantity: 1, catalogReference: { catalogItemId: TOTE, appId: STORES, options: { variantId: TOTE_NATURAL } } },
            { quantity: 2, catalogReference: { catalogItemId: NAPKINS, appId: STORES } },
          ],
        },
      });
      expect(cart?.lineItems).toHaveLength(2);
      expect(cart?.subtotal?.amount).toBe('97.00');
      const tote = cart?.lineItems?.find((line) => line.catalogReference?.catalogItemId === TOTE);
      expect(tote?.productName?.original).toBe('Linen Tote Bag');

      ({ cart } = await commerce.addToCurrentCart(f.visitor, {
        body: {
          lineItems: [{ quantity: 1, catalogReference: { catalogItemId: TOTE, appId: STORES, options: { variantId: TOTE_NATURAL } } }],
        },
      }));
      expect(cart?.lineItems).toHaveLength(2);
      ({ cart } = await commerce.updateCurrentCartLineItemsQuantity(f.visitor, {
        body: { lineItems: [{ id: tote?.id as string, quantity: 3 }] },
      }));
      expect(cart?.subtotal?.amount).toBe('195.00');
      ({ cart } = await commerce.updateCurrentCart(f.visitor, { body: { couponCode: 'SPRING10' } }));
      expect(cart?.discount?.amount).toBe('19.50');
      expect(cart?.subtotalAfterDiscounts?.amount).toBe('175.50');
      expect(cart?.appliedDiscounts?.[0]?.coupon?.code).toBe('SPRING10');
      const refused = await failure(commerce.updateCurrentCart(f.visitor, { body: { couponCode: 'NOPE' } }));
      expect(refused).toMatchObject({ status: 428, code: 'ERROR_COUPON_DOES_NOT_EXIST' });

      const estimate = await commerce.estimateCurrentCartTotals(f.visitor, {
        body: {
          shippingAddress: NY,
          selectedShippingOption: { code: 'standard' },
          calculateTax: true,
          calculateShipping: true,
          calculateAdditionalFees: false,
        },
      });
      // Free standard shipping from $150; New York tax 8.875% of 175.50.
      expect(estimate.priceSummary?.shipping?.amount).toBe('0.00');
      expect(estimate.priceSummary?.tax?.amount).toBe('15.58');
      expect(estimate.priceSummary?.total?.amount).toBe('191.08');
      expect(estimate.shippingInfo?.carrierServiceOptions?.[0]?.shippingOptions?.map((option) => option.code)).toEqual(
        expect.arrayContaining(['standard', 'express', 'store-pickup']),
      );

      const { checkoutId } = await commerce.createCheckoutFromCurrentCart(f.visitor, {
        body: { channelType: 'WEB', shippingAddress: NY, selectedShippingOption: { code: 'standard' }, email: 'jane.doe@example.com' },
      });
      let { checkout } = await commerce.getCheckout(f.visitor, { params: { path: { id: checkoutId as string } } });
      expect(checkout?.priceSummary?.total?.amount).toBe('191.08');
      ({ checkout } = await commerce.updateCheckout(f.visitor, {
        params: { path: { id: checkoutId as string } },
        body: { checkout: { buyerNote: 'Leave at the door' }, fieldMask: 'buyerNote' },
      }));
      expect(checkout?.buyerNote).toBe('Leave at the door');

      const { orderId } = await commerce.createOrderFromCheckout(f.visitor, {
        params: { path: { id: checkoutId as string } },
        body: { savePaymentMethod: true },
      });
      expect(await failure(commerce.getCurrentCart(f.visitor))).toMatchObject({ status: 404, code: 'OWNED_CART_NOT_FOUND' });
      const completed = await failure(
        commerce.updateCheckout(f.visitor, {
          params: { path: { id: checkoutId as string } },
          body: { checkout: { buyerNote: 'too late' } },
        }),
      );
      expect(completed).toMatchObject({ status: 428, code: 'CHECKOUT_IS_COMPLETE' });
      expect(await failure(commerce.removeCheckoutCoupon(f.visitor, { params: { path: { id: checkoutId as string } } }))).toMatchObject({
        status: 428,
        code: 'CHECKOUT_IS_COMPLETE',
      });

      const id = { params: { path: { id: orderId as string } } };
      const collector = { params: { path: { ecomOrderId: orderId as string } } };
      let { order } = await commerce.getOrder(f.merchant, id);
      expect(order).toMatchObject({ paymentStatus: 'NOT_PAID', status: 'INITIALIZED', priceSummary: { total: { amount: '191.08' } } });
      expect(await commerce.getPaymentCollectabilityStatus(f.merchant, collector)).toMatchObject({
        status: 'COLLECTABLE',
        amount: { amount: '191.08' },
      });
      await commerce.preparePaymentCollection(f.merchant, { ...collector, body: { amount: { amount: '191.08' }, delayedCapture: true } });
      ({ order } = await commerce.getOrder(f.merchant, id));
      expect(order?.paymentStatus).toBe('PENDING');
      const { orderTransactions } = await commerce.captureAuthorizedPayments(f.merchant, {
        ...collector,
        body: {
          payments: [
            {
              paymentId: (await f
                .control(`state?session=${f.session}`)
                .then((r) => r.json())
                .then(
                  (s: { collections: { orderTransactions: { orderId: string; payments: { id: string }[] }[] } }) =>
                    s.collections.orderTransactions.find((t) => t.orderId === orderId)?.payments[0]?.id,
                )) as string,
              amount: { amount: '191.08' },
            },
          ],
        },
      });
      expect(orderTransactions?.payments?.[0]?.regularPaymentDetails?.status).toBe('APPROVED');
      ({ order } = await commerce.getOrder(f.merchant, id));
      expect(order).toMatchObject({
        paymentStatus: 'PAID',
        status: 'APPROVED',
        balanceSummary: { balance: { amount: '0.00' }, paid: { amount: '191.08' } },
      });
      expect((await commerce.getPaymentCollectabilityStatus(f.merchant, collector)).status).toBe('NONCOLLECTABLE_ORDER_IS_PAID');

      // The tote's stock went down by the three ordered.
      const { product } = await platform.getProduct(f.merchant, { params: { path: { id: TOTE }, query: {} } });
      expect(product?.variants?.find((variant) => variant.id === TOTE_NATURAL)?.stock?.quantity).toBe(37);
      expect(await eventTypes(f)).toEqual(
        expect.arrayContaining([
          'wix.ecom.v1.cart_created',
          'wix.ecom.v1.cart_updated',
          'wix.ecom.v1.cart_deleted',
          'wix.ecom.v1.checkout_created',
          'wix.ecom.v1.checkout_completed',
          'wix.ecom.v1.order_created',
          'wix.ecom.v1.order_payment_status_updated',
          'wix.ecom.v1.order_approved',
          'wix.ecom.v1.order_transactions_updated',
        ]),
      );
    });

    it('void, cancel with restock, and a missing payment method', async () => {
      const f = flow('void');
      const order = '8f3c2b1a-4d5e-4f6a-9b7c-0d1e2f3a4b5c';
      const { orderTransactions } = await commerce.voidAuthorizedPayments(f.merchant, {
        params: { path: { ecomOrderId: order } },
        body: { paymentIds: ['4c3b2a19-0f8e-4d7c-b6a5-9e8d7c6b5a4f'] },
      });
      expect(orderTransactions?.payments?.[0]?.regularPaymentDetails).toMatchObject({
        status: 'VOIDED',
        authorizationDetails: { void: { status: 'SUCCEEDED' } },
      });
      expect((await commerce.getOrder(f.merchant, { params: { path: { id: order } } })).order?.paymentStatus).toBe('NOT_PAID');
      const again = await failure(
        commerce.captureAuthorizedPayments(f.merchant, {
          params: { path: { ecomOrderId: order } },
          body: { payments: [{ paymentId: '4c3b2a19-0f8e-4d7c-b6a5-9e8d7c6b5a4f' }] },
        }),
      );
      expect(again.status).toBe(428);
      const before =
        (await platform.getProduct(f.merchant, { params: { path: { id: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d' }, query: {} } })).product
          ?.stock?.quantity ?? 0;
      const { order: canceled } = await commerce.cancelOrder(f.merchant, {
        params: { path: { id: order } },
        body: { restockAllItems: true, sendOrderCanceledEmail: true, customMessage: 'Out of stock' },
      });
      expect(canceled?.status).toBe('CANCELED');
      const after =
        (await platform.getProduct(f.merchant, { params: { path: { id: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d' }, query: {} } })).product
          ?.stock?.quantity ?? 0;
      expect(after - before).toBe(2);
      expect((await commerce.getPaymentCollectabilityStatus(f.merchant, { params: { path: { ecomOrderId: order } } })).status).toBe(
        'NONCOLLECTABLE_ORDER_IS_CANCELLED',
      );

      const { checkout } = await commerce.createCheckout(f.visitor, {
        body: { channelType: 'WEB', lineItems: [{ quantity: 1, catalogReference: { catalogItemId: NAPKINS, appId: STORES } }] },
      });
      const { orderId } = await commerce.createOrderFromCheckout(f.visitor, {
        params: { path: { id: checkout?.id as string } },
        body: { savePaymentMethod: false },
      });
      expect(
        (await commerce.getPaymentCollectabilityStatus(f.merchant, { params: { path: { ecomOrderId: orderId as string } } })).status,
      ).toBe('NONCOLLECTABLE_MISSING_PAYMENT_METHOD');
      expect(await eventTypes(f)).toEqual(expect.arrayContaining(['wix.ecom.v1.order_canceled']));
    });

    it('catalogue CRUD, offset paging (default 50) and the query language', async () => {
      const f = flow('catalogue');
      await f.control('seed', { method: 'POST', body: JSON.stringify({ fixture: 'empty', session: f.session }) });
      for (let i = 1; i <= 55; i += 1) {
        await platform.createProduct(f.merchant, {
          body: {
            product: {
              name: `Sample ${String(i).padStart(2, '0')}`,
              productType: 'physical',
              priceData: { price: i },
              ribbon: 'New',
              brand: 'Maison Lin',
            },
          },
        });
      }
      const first = await platform.queryProducts(f.merchant, { body: { query: {} } });
      expect(first.products).toHaveLength(50);
      expect(first.metadata).toMatchObject({ total: 55, offset: 0 });
      const second = await platform.queryProducts(f.merchant, { body: { query: { paging: { limit: 50, offset: 50 } } } });
      expect(second.products).toHaveLength(5);
      const filtered = await platform.queryProducts(f.merchant, {
        body: {
          query: {
            filter: { name: { $startsWith: 'Sample 1' } },
            sort: [{ fieldName: 'price', order: 'DESC' }],
            paging: { limit: 3, offset: 0 },
          },
        },
      });
      expect(filtered.products?.map((product) => product.name)).toEqual(['Sample 19', 'Sample 18', 'Sample 17']);
      expect(filtered.metadata?.total).toBe(10);
      const legacy = await platform.queryProductsViaGet(f.merchant, {
        params: { query: { query: { filter: '{"priceData.price": {"$lt": 3}}', sort: '[{"price": "asc"}]' } } },
      });
      expect(legacy.products?.map((product) => product.priceData?.price)).toEqual([1, 2]);

      const id = first.products?.[0]?.id as string;
      const { product: updated } = await platform.updateProduct(f.merchant, {
        params: { path: { id } },
        body: { product: { priceData: { price: 40 }, discount: { type: 'PERCENT', value: 25 } } },
      });
      expect(updated?.priceData).toMatchObject({ price: 40, discountedPrice: 30 });
      await platform.removeProductRibbon(f.merchant, { params: { path: { id } } });
      await platform.removeProductBrand(f.merchant, { params: { path: { id } } });
      const { product } = await platform.getProduct(f.merchant, { params: { path: { id }, query: { includeMerchantSpecificData: true } } });
      expect(product?.ribbon).toBeUndefined();
      expect(product?.brand).toBeUndefined();

      const { collection } = await platform.createCollection(f.merchant, { body: { collection: { name: 'Samples', visible: true } } });
      await platform.addProductsToCollection(f.merchant, {
        params: { path: { id: collection?.id as string } },
        body: { productIds: [id] },
      });
      expect(
        (await platform.getCollection(f.merchant, { params: { path: { id: collection?.id as string } } })).collection?.numberOfProducts,
      ).toBe(1);
      const { collections } = await platform.queryCollections(f.merchant, { body: { query: { filter: { slug: { $eq: 'samples' } } } } });
      expect(collections?.map((c) => c.name)).toEqual(['Samples']);

      await platform.deleteProduct(f.merchant, { params: { path: { id } } });
      expect((await failure(platform.getProduct(f.merchant, { params: { path: { id }, query: {} } }))).status).toBe(404);
      expect(await eventTypes(f)).toEqual(
        expect.arrayContaining([
          'com.wix.ecommerce.catalog.api.v1.ProductCreated',
          'com.wix.ecommerce.catalog.api.v1.ProductChanged',
          'com.wix.ecommerce.catalog.api.v1.ProductDeleted',
          'com.wix.ecommerce.catalog.api.v1.CollectionCreated',
        ]),
      );
    });

    it('review moderation: created in moderation, approved, replied, counted and paged', async () => {
      const f = flow('reviews');
      const entityId = '2b3c4d5e-6f7a-4b9c-8d1e-2f3a4b5c6d7e';
      const { review } = await platform.createReview(f.visitor, {
        body: {
          review: {
            namespace: 'stores',
            entityId,
            content: { title: 'Lovely', body: 'Soft and light', rating: 5 },
            author: { authorName: 'Ana' },
          },
        },
      });
      expect(review?.moderation?.moderationStatus).toBe('IN_MODERATION');
      const reviewId = review?.id as string;
      expect((await failure(platform.getReview(f.visitor, { params: { path: { reviewId }, query: {} } }))).status).toBe(404);
      expect((await platform.countReviews(f.visitor, { body: { filter: { entityId: { $eq: entityId } } } })).count).toBe(0);
      await platform.createReviewAndContact(f.visitor, {
        body: { namespace: 'stores', entityId, content: { title: 'Nice', rating: 4 }, name: 'Ben', email: 'ben@example.com' },
      });

      const { review: approved } = await platform.updateReview(f.merchant, {
        params: { path: { reviewId } },
        body: { review: { moderation: { moderationStatus: 'APPROVED' } } },
      });
      expect(approved?.moderation?.moderationStatus).toBe('APPROVED');
      expect((await platform.getReview(f.visitor, { params: { path: { reviewId }, query: {} } })).review?.id).toBe(reviewId);
      const { review: replied } = await platform.setReviewReply(f.merchant, {
        params: { path: { reviewId } },
        body: { message: 'Thank you!' },
      });
      expect(replied?.reply?.message).toBe('Thank you!');
      expect((await platform.removeReviewReply(f.merchant, { params: { path: { reviewId } } })).review?.reply).toBeUndefined();
      expect(
        (await failure(platform.setReviewReply(f.visitor, { params: { path: { reviewId } }, body: { message: 'me too' } }))).status,
      ).toBe(403);

      expect(
        (await platform.countReviews(f.merchant, { body: { filter: { entityId: { $eq: entityId } }, includePrivateReviews: true } })).count,
      ).toBe(2);
      const page1 = await platform.queryReviews(f.merchant, {
        body: { query: { cursorPaging: { limit: 1 } }, returnPrivateReviews: true },
      });
      expect(page1.reviews).toHaveLength(1);
      const next = page1.metadata?.cursors?.next as string;
      const page2 = await platform.queryReviews(f.merchant, { body: { query: { cursorPaging: { limit: 1, cursor: next } } } });
      expect(page2.reviews?.[0]?.id).not.toBe(page1.reviews?.[0]?.id);
      expect(await eventTypes(f)).toEqual(
        expect.arrayContaining([
          'wix.reviews.v1.review_created',
          'wix.reviews.v1.review_moderation_status_changed',
          'wix.reviews.v1.review_review_published',
          'wix.reviews.v1.review_updated',
        ]),
      );
    });

    it('member life cycle: created, field sets, slug, community, moderation, contact details, deleted', async () => {
      const f = flow('members');
      const { member: created } = await platform.createMember(f.merchant, {
        body: {
          member: {
            loginEmail: 'lena.park@example.com',
            contact: { firstName: 'Lena', lastName: 'Park', phones: ['+1 415 555 0187'] },
            profile: { nickname: 'Lena P.' },
          },
        },
      });
      const memberId = created?.id as string;
      const lena = await f.memberClient(memberId);
      const publicView = (await platform.getMyMember(lena, { params: { query: { fieldsets: ['PUBLIC'] } } })).member ?? {};
      expect(Object.keys(publicView).sort()).toEqual(['contactId', 'createdDate', 'id', 'profile', 'updatedDate']);
      const extended = (await platform.getMyMember(lena, { params: { query: { fieldsets: ['EXTENDED'] } } })).member;
      expect(extended).toMatchObject({ loginEmail: 'lena.park@example.com', status: 'APPROVED' });
      expect(extended?.contact).toBeUndefined();
      expect((await platform.getMyMember(lena, { params: { query: { fieldsets: ['FULL'] } } })).member?.contact?.phones).toEqual([
        '+1 415 555 0187',
      ]);

      expect((await platform.updateMySlug(lena, { body: { slug: 'lena-park' } })).member?.profile?.slug).toBe('lena-park');
      expect((await failure(platform.updateMySlug(lena, { body: { slug: 'maya-c' } }))).status).toBe(409);
      expect((await platform.leaveCommunity(lena)).member?.privacyStatus).toBe('PRIVATE');
      expect((await platform.joinCommunity(lena)).member?.privacyStatus).toBe('PUBLIC');
      expect(
        (await failure(platform.getMember(lena, { params: { path: { id: '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182' }, query: {} } }))).status,
      ).toBe(403);

      expect((await platform.muteMember(f.merchant, { params: { path: { id: memberId } } })).member?.activityStatus).toBe('MUTED');
      expect((await platform.blockMember(f.merchant, { params: { path: { id: memberId } } })).member?.status).toBe('BLOCKED');
      expect((await platform.approveMember(f.merchant, { params: { path: { id: memberId } } })).member?.status).toBe('APPROVED');
      expect((await platform.deleteMemberPhones(f.merchant, { params: { path: { id: memberId } } })).member?.contact?.phones).toEqual([]);
      await platform.bulkApproveMembers(f.merchant, { body: { filter: { status: { $eq: 'PENDING' } } } });
      const { members } = await platform.queryMembers(f.merchant, { body: { query: { filter: { status: { $eq: 'PENDING' } } } } });
      expect(members).toEqual([]);

      await platform.deleteMyMember(lena, { params: { query: {} } });
      expect((await failure(platform.getMember(f.merchant, { params: { path: { id: memberId }, query: {} } }))).status).toBe(404);
      expect(await eventTypes(f)).toEqual(
        expect.arrayContaining(['wix.members.v1.member_created', 'wix.members.v1.member_updated', 'wix.members.v1.member_deleted']),
      );
    });

    it('file import PENDING then READY (or FAILED), trash and restore', async () => {
      const f = flow('files');
      const { file } = await platform.importFile(f.merchant, {
        body: { url: 'https://images.example.com/leon.jpg', mediaType: 'IMAGE', displayName: 'leon.jpg' },
      });
      expect(file?.operationStatus).toBe('PENDING');
      const fileId = file?.id as string;
      expect((await platform.getFileDescriptor(f.merchant, { params: { query: { fileId } } })).file?.operationStatus).toBe('READY');
      const { file: failed } = await platform.importFile(f.merchant, {
        body: { url: 'https://images.example.com/fail.jpg', mediaType: 'IMAGE' },
      });
      expect(
        (await platform.getFileDescriptor(f.merchant, { params: { query: { fileId: failed?.id as string } } })).file?.operationStatus,
      ).toBe('FAILED');

      const listed = async () => (await platform.listFiles(f.merchant, { params: { query: {} } })).files?.map((item) => item.id) ?? [];
      const trashed = async () =>
        (await platform.listDeletedFiles(f.merchant, { params: { query: {} } })).files?.map((item) => item.id) ?? [];
      expect(await listed()).toContain(fileId);
      await platform.bulkDeleteFiles(f.merchant, { body: { fileIds: [fileId] } });
      expect(await listed()).not.toContain(fileId);
      expect(await trashed()).toContain(fileId);
      await platform.bulkRestoreFilesFromTrashBin(f.merchant, { body: { fileIds: [fileId] } });
      expect(await listed()).toContain(fileId);
      await platform.bulkDeleteFiles(f.merchant, { body: { fileIds: [fileId], permanent: true } });
      expect((await failure(platform.getFileDescriptor(f.merchant, { params: { query: { fileId } } }))).status).toBe(404);
      expect(await eventTypes(f)).toEqual(
        expect.arrayContaining([
          'wix.media.site_media.v1.file_descriptor_file_ready',
          'wix.media.site_media.v1.file_descriptor_file_failed',
          'wix.media.site_media.v1.file_descriptor_deleted',
        ]),
      );
    });

    it('refuses every role that may not call: 401 without or with an unknown token, 403 for visitors and other members', async () => {
      const f = flow('roles');
      expect(await failure(commerce.getCurrentCart(f.anonymous))).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      const stranger = createClient({
        baseUrl: baseUrl(),
        auth: { getAuthHeaders: async () => ({ Authorization: 'not-a-token-of-the-mock' }) },
        headers: { 'x-mock-session': f.session },
      });
      expect(await failure(platform.queryProducts(stranger, { body: { query: {} } }))).toMatchObject({
        status: 401,
        code: 'UNAUTHENTICATED',
      });
      const denied: (() => Promise<unknown>)[] = [
        () => platform.createProduct(f.visitor, { body: { product: { name: 'Nope' } } }),
        () => platform.deleteProduct(f.visitor, { params: { path: { id: TOTE } } }),
        () => platform.createCollection(f.visitor, { body: { collection: { name: 'Nope', visible: true } } }),
        () => commerce.getOrder(f.visitor, { params: { path: { id: '8f3c2b1a-4d5e-4f6a-9b7c-0d1e2f3a4b5c' } } }),
        () => commerce.searchOrders(f.visitor, { body: {} }),
        () =>
          commerce.captureAuthorizedPayments(f.visitor, {
            params: { path: { ecomOrderId: '8f3c2b1a-4d5e-4f6a-9b7c-0d1e2f3a4b5c' } },
            body: { payments: [] },
          }),
        () => platform.approveMember(f.visitor, { params: { path: { id: '1a2b3c4d-5e6f-4708-9a1b-2c3d4e5f6a7b' } } }),
        () => platform.blockMember(f.visitor, { params: { path: { id: '1a2b3c4d-5e6f-4708-9a1b-2c3d4e5f6a7b' } } }),
        () =>
          platform.setReviewReply(f.visitor, {
            params: { path: { reviewId: '9b2e4c61-3f8a-4d7e-b5c2-0a1f6e8d4b37' } },
            body: { message: 'hi' },
          }),
        () => platform.importFile(f.visitor, { body: { url: 'https://images.example.com/x.jpg' } }),
      ];
      for (const call of denied) expect(await failure(call())).toMatchObject({ status: 403, code: 'PERMISSION_DENIED' });
      // A visitor has no member of its own: the platform answers NOT_FOUND, as getMyMember declares.
      expect(await failure(platform.getMyMember(f.visitor, { params: { query: {} } }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      const maya = await f.memberClient('5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182');
      expect(
        (await platform.getMember(maya, { params: { path: { id: '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182' }, query: {} } })).member?.id,
      ).toBe('5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182');
      expect(
        await failure(platform.getMember(maya, { params: { path: { id: '5e9b2f7c-1a3d-4e6f-8b0a-2c4e6f8a0b1c' }, query: {} } })),
      ).toMatchObject({ status: 403 });
      expect(await failure(platform.createProduct(maya, { body: { product: { name: 'Nope' } } }))).toMatchObject({ status: 403 });
      // An anonymous visitor may review and contact.
      const { review } = await platform.createReviewAndContact(f.visitor, {
        body: { namespace: 'stores', entityId: TOTE, content: { rating: 5 }, name: 'Anon', email: 'anon@example.com' },
      });
      expect(review?.author?.authorType).toBe('VISITOR');
    });
  });
};
