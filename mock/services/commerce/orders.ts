// Orders: placed from a checkout (stock decreases) or created by the merchant; read, searched (cursor paging,
// filter, sort), updated through a field mask, bulk updated, tagged, cancelled (restock and e-mail flags). The
// payment status follows the order's transactions: approved payments pay it, authorized ones leave it pending.
import { applyPatch } from '../../computations/field-mask';
import { orderPrice, percentOf, toCents } from '../../computations/money';
import { cursorPage, cursorQuery } from '../../computations/paging';
import { query, readFilter } from '../../computations/query-language';
import { invalidField } from '../../engine/failure';
import { readSettings } from '../../engine/fixtures';
import { type CallContext, defineService } from '../../engine/service-table';
import { bulkAnswer, itemResult } from '../bulk-results';
import { eventsOf } from '../event-types';
import { createdByOf } from '../ownership';
import { saveProduct } from '../platform/catalogue';
import { COLLECTIONS, saveAndEmit } from '../records';
import type { CommerceSchema, ServerSet, Stored } from '../wire-types';
import { refuseAuthorizedPayment, refuseHeldOrder } from './order-state-rules';
import { type CommerceCall, type Declaring, refuse } from './refusals';

export type Order = Stored<CommerceSchema<'Order'>, ServerSet>;
export type OrderTransactions = CommerceSchema<'OrderTransactions'>;
type Checkout = CommerceSchema<'Checkout'>;
/** An order as a request sends it: no field is there for sure. */
type OrderPatch = CommerceSchema<'Order'>;
type OrderLineItem = CommerceSchema<'OrderLineItem'>;
type PaymentStatus = NonNullable<Order['paymentStatus']>;

const COUNTERS = 'counters';

const ORDER_EVENTS = eventsOf('wix.ecom.v1.order');

const nextNumber = async (context: CallContext): Promise<string> => {
  const counter = await context.store.get(COUNTERS, 'orderNumber');
  const value = counter
    ? counter.value + 1
    : Math.max(10_000, ...(await context.store.list(COLLECTIONS.orders)).map((order) => Number(order.number) || 0)) + 1;
  await context.store.put(COUNTERS, 'orderNumber', { id: 'orderNumber', value });
  return String(value);
};

export const orderOr404 = async <K extends Declaring<404, 'ORDER_NOT_FOUND'>>(context: CommerceCall<K>, id: string): Promise<Order> => {
  const order = await context.store.get(COLLECTIONS.orders, id);
  if (!order) throw refuse(context, 404, 'ORDER_NOT_FOUND', `Order ${id} was not found`);
  return order;
};

/** The order's read-only fields (the spec marks them `readOnly`): a write that sends them is answered as if it had not. */
export const ORDER_READ_ONLY_FIELDS = [
  'number',
  'createdDate',
  'updatedDate',
  'fulfillmentStatus',
  'siteLanguage',
  'activities',
  'createdBy',
  'balanceSummary',
  'payAfterFreeTrial',
  'imported',
] as const satisfies readonly (keyof Order)[];

const withoutReadOnly = (order: OrderPatch): OrderPatch => {
  const writable: Record<string, unknown> = { ...order };
  for (const field of ORDER_READ_ONLY_FIELDS) delete writable[field];
  return writable as OrderPatch;
};

export const transactionsOf = async (context: CallContext, orderId: string): Promise<OrderTransactions> =>
  (await context.store.get(COLLECTIONS.orderTransactions, orderId)) ?? { orderId, payments: [], refunds: [] };

/** Sums of an order's payments by what became of them. */
export const paymentSums = (transactions: OrderTransactions) => {
  let approved = 0;
  let authorized = 0;
  let refunded = 0;
  for (const payment of transactions.payments ?? []) {
    const amount = toCents(payment.amount?.amount);
    const status = payment.regularPaymentDetails?.status ?? payment.status;
    const captures = payment.regularPaymentDetails?.authorizationDetails?.captures;
    // A captured authorization pays what was captured, which may be less than was authorized.
    if (status === 'APPROVED' && captures?.length)
      approved += captures.filter((c) => c.status === 'SUCCEEDED').reduce((sum, c) => sum + toCents(c.amount?.amount), 0);
    else if (status === 'APPROVED') approved += amount;
    else if (status === 'AUTHORIZED') authorized += amount;
    else if (status === 'REFUNDED') refunded += amount;
  }
  return { approved, authorized, refunded };
};

const paymentStatusOf = (order: Order, sums: ReturnType<typeof paymentSums>): PaymentStatus => {
  const total = toCents(order.priceSummary?.total?.amount);
  if (total === 0 || (sums.approved >= total && total > 0)) return 'PAID';
  if (sums.approved > 0) return 'PARTIALLY_PAID';
  if (sums.authorized > 0) return 'PENDING';
  return 'NOT_PAID';
};

/**
 * The order with payment status, balance and approval following its transactions; emits the payment status
 * change and the approval when they happen.
 */
export const settleOrder = (context: CallContext, order: Order, transactions: OrderTransactions): Order => {
  const currency = order.currency ?? 'USD';
  const sums = paymentSums(transactions);
  const total = toCents(order.priceSummary?.total?.amount);
  const paymentStatus = order.status === 'CANCELED' && order.paymentStatus ? order.paymentStatus : paymentStatusOf(order, sums);
  const becomesPaid = paymentStatus === 'PAID' && order.paymentStatus !== 'PAID';
  const approve = paymentStatus === 'PAID' && order.status === 'INITIALIZED';
  const now = context.now();
  const next: Order = {
    ...order,
    paymentStatus,
    ...(approve && { status: 'APPROVED' }),
    balanceSummary: {
      balance: orderPrice(Math.max(0, total - sums.approved), currency),
      paid: orderPrice(sums.approved, currency),
      refunded: orderPrice(sums.refunded, currency),
      authorized: orderPrice(sums.authorized, currency),
    },
    activities: [
      ...(order.activities ?? []),
      ...(becomesPaid ? [{ id: context.newId(), createdDate: now, type: 'ORDER_PAID' as const }] : []),
    ],
  };
  if (paymentStatus !== order.paymentStatus) {
    context.emit(ORDER_EVENTS.payment_status_updated, order.id as string, {
      actionEvent: { body: { order: next, previousPaymentStatus: order.paymentStatus } },
    });
  }
  if (approve) context.emit(ORDER_EVENTS.approved, order.id as string, { actionEvent: { body: { order: next } } });
  return next;
};

export const saveOrder = async (context: CallContext, order: Order, event: 'created' | 'updated' = 'updated'): Promise<Order> => {
  const stored: Order = { ...order, updatedDate: context.now() };
  await saveAndEmit(
    context,
    COLLECTIONS.orders,
    stored,
    ORDER_EVENTS[event],
    event === 'created' ? { createdEvent: { entity: stored } } : { updatedEvent: { currentEntity: stored } },
  );
  return stored;
};

/** Moves stock of tracked catalogue items: -1 to take an order's items, +1 to put them back. */
const moveStock = async (context: CallContext, lines: readonly OrderLineItem[], direction: 1 | -1): Promise<void> => {
  for (const line of lines) {
    const productId = line.catalogReference?.catalogItemId;
    const product = productId ? await context.store.get(COLLECTIONS.products, productId) : undefined;
    if (!product?.stock?.trackInventory) continue;
    const variantId = (line.catalogReference?.options as { variantId?: string } | undefined)?.variantId;
    const variants = (product.variants ?? []).map((variant, index) =>
      (variantId ? variant.id === variantId : index === 0)
        ? {
            ...variant,
            stock: {
              ...variant.stock,
              quantity: Math.min(99_999, Math.max(0, (variant.stock?.quantity ?? 0) + direction * (line.quantity ?? 0))),
            },
          }
        : variant,
    );
    await saveProduct(context, { ...product, variants });
  }
};

const orderLineOf = (line: NonNullable<Checkout['lineItems']>[number], currency: string): OrderLineItem => ({
  id: line.id,
  productName: {
    original: line.productName?.original ?? 'Item',
    translated: line.productName?.translated ?? line.productName?.original ?? 'Item',
  },
  ...(line.catalogReference && { catalogReference: line.catalogReference }),
  quantity: line.quantity ?? 1,
  totalDiscount: orderPrice(toCents(line.discount?.amount), currency),
  descriptionLines: line.descriptionLines ?? [],
  ...(line.media?.url && { image: { id: line.media.id ?? '', url: line.media.url } }),
  ...(line.physicalProperties && { physicalProperties: line.physicalProperties }),
  itemType: line.itemType ?? { preset: 'PHYSICAL' },
  lineItemType: line.itemType?.preset === 'DIGITAL' ? 'DIGITAL' : line.customLineItem ? 'CUSTOM_AMOUNT_ITEM' : 'PHYSICAL',
  price: orderPrice(toCents(line.price?.amount), currency),
  priceBeforeDiscounts: orderPrice(toCents(line.priceBeforeDiscounts?.amount ?? line.price?.amount), currency),
  totalPriceBeforeTax: orderPrice(toCents(line.totalPriceBeforeTax?.amount), currency),
  totalPriceAfterTax: orderPrice(toCents(line.totalPriceAfterTax?.amount), currency),
  lineItemPrice: orderPrice(toCents(line.lineItemPrice?.amount), currency),
  paymentOption: line.paymentOption ?? 'FULL_PAYMENT_ONLINE',
  taxInfo: {
    taxAmount: orderPrice(toCents(line.taxDetails?.totalTax?.amount), currency),
    taxableAmount: orderPrice(toCents(line.taxDetails?.taxableAmount?.amount), currency),
    taxRate: line.taxDetails?.taxRate ?? '0',
    taxIncludedInPrice: false,
  },
});

const emptyTags = () => ({ privateTags: { tagIds: [] as string[] }, tags: { tagIds: [] as string[] } });

/** The order a checkout becomes: its lines, buyer, addresses, shipping and totals; stock taken. */
export const placeOrder = async (context: CallContext, checkout: Checkout, options: { savePaymentMethod: boolean }): Promise<Order> => {
  const settings = await readSettings(context.store);
  const currency = settings.currency;
  const now = context.now();
  const summary = checkout.priceSummary;
  const selected = checkout.shippingInfo?.selectedCarrierServiceOption;
  const lineItems = (checkout.lineItems ?? []).map((line) => orderLineOf(line, currency));
  const order: Order = {
    id: context.newId(),
    number: await nextNumber(context),
    createdDate: now,
    updatedDate: now,
    purchasedDate: now,
    lineItems,
    buyerInfo: { ...checkout.buyerInfo, contactId: checkout.buyerInfo?.contactId ?? context.newId() },
    paymentStatus: 'NOT_PAID',
    fulfillmentStatus: 'NOT_FULFILLED',
    buyerLanguage: checkout.buyerLanguage ?? 'en',
    weightUnit: settings.weightUnit,
    currency,
    taxIncludedInPrices: settings.taxIncludedInPrices,
    siteLanguage: 'en',
    priceSummary: {
      subtotal: orderPrice(toCents(summary?.subtotal?.amount), currency),
      shipping: orderPrice(toCents(summary?.shipping?.amount), currency),
      tax: orderPrice(toCents(summary?.tax?.amount), currency),
      discount: orderPrice(toCents(summary?.discount?.amount), currency),
      total: orderPrice(toCents(summary?.total?.amount), currency),
      totalAdditionalFees: orderPrice(0, currency),
    },
    ...(checkout.billingInfo && { billingInfo: checkout.billingInfo }),
    ...(selected && {
      shippingInfo: {
        ...(selected.carrierId && { carrierId: selected.carrierId }),
        ...(selected.code && { code: selected.code }),
        ...(selected.title && { title: selected.title }),
        logistics: {
          ...(checkout.shippingInfo?.shippingDestination && { shippingDestination: checkout.shippingInfo.shippingDestination }),
          ...(selected.logistics?.deliveryTime && { deliveryTime: selected.logistics.deliveryTime }),
          ...(selected.logistics?.pickupDetails && { pickupDetails: selected.logistics.pickupDetails }),
        },
        cost: {
          price: orderPrice(toCents(selected.cost?.price?.amount), currency),
          totalPriceBeforeTax: orderPrice(toCents(selected.cost?.totalPriceBeforeTax?.amount), currency),
          totalPriceAfterTax: orderPrice(toCents(selected.cost?.totalPriceAfterTax?.amount), currency),
        },
      },
    }),
    ...(checkout.shippingInfo?.shippingDestination && { recipientInfo: checkout.shippingInfo.shippingDestination }),
    ...(checkout.buyerNote && { buyerNote: checkout.buyerNote }),
    status: 'INITIALIZED',
    archived: false,
    taxInfo: { totalTax: orderPrice(toCents(summary?.tax?.amount), currency), taxBreakdown: [] },
    appliedDiscounts: (checkout.appliedDiscounts ?? []).map((discount) => ({
      id: context.newId(),
      discountType: discount.discountType ?? 'GLOBAL',
      ...(discount.coupon && {
        coupon: {
          id: discount.coupon.id,
          code: discount.coupon.code,
          name: discount.coupon.name,
          amount: orderPrice(toCents(discount.coupon.amount?.amount), currency),
        },
      }),
      ...(discount.merchantDiscount && {
        merchantDiscount: { kind: 'FLAT' as const, amount: orderPrice(toCents(discount.merchantDiscount.amount?.amount), currency) },
      }),
    })),
    activities: [{ id: context.newId(), createdDate: now, type: 'ORDER_PLACED' }],
    createdBy: checkout.createdBy ?? createdByOf(context.identity as NonNullable<CallContext['identity']>),
    channelInfo: {
      type: (checkout.channelType && checkout.channelType !== 'UNSPECIFIED' ? checkout.channelType : 'WEB') as NonNullable<
        Order['channelInfo']
      >['type'],
    },
    seenByAHuman: false,
    checkoutId: checkout.id,
    tags: emptyTags(),
    ...(checkout.purchaseFlowId && { purchaseFlowId: checkout.purchaseFlowId }),
  };
  const transactions: OrderTransactions = { orderId: order.id, payments: [], refunds: [] };
  await context.store.put(COLLECTIONS.orderTransactions, order.id as string, transactions);
  await context.store.put(COLLECTIONS.paymentMethods, order.id as string, { id: order.id, savedPaymentMethod: options.savePaymentMethod });
  await moveStock(context, lineItems, -1);
  // Created unpaid; a free order is paid at once.
  return saveOrder(context, settleOrder(context, order, transactions), 'created');
};

/** An order the merchant writes: its totals computed from its lines, tax rates, shipping and discounts. */
const manualOrder = async (context: CallContext, sent: OrderPatch): Promise<Order> => {
  const given = withoutReadOnly(sent);
  const settings = await readSettings(context.store);
  const currency = given.currency ?? settings.currency;
  const now = context.now();
  let subtotal = 0;
  let tax = 0;
  const lineItems = (given.lineItems ?? []).map((line) => {
    const lineTotal = toCents(line.price?.amount) * (line.quantity ?? 1);
    const lineTax = line.taxInfo?.taxRate ? percentOf(lineTotal, line.taxInfo.taxRate) : 0;
    subtotal += lineTotal;
    tax += lineTax;
    return {
      ...line,
      id: line.id ?? context.newId(),
      price: orderPrice(toCents(line.price?.amount), currency),
      lineItemPrice: orderPrice(lineTotal, currency),
      totalPriceBeforeTax: orderPrice(lineTotal, currency),
      totalPriceAfterTax: orderPrice(lineTotal + lineTax, currency),
      taxInfo: { ...line.taxInfo, taxAmount: orderPrice(lineTax, currency), taxableAmount: orderPrice(lineTotal, currency) },
    };
  });
  const shipping = toCents(given.shippingInfo?.cost?.price?.amount);
  const discount = (given.appliedDiscounts ?? []).reduce(
    (sum, d) => sum + toCents(d.coupon?.amount?.amount ?? d.merchantDiscount?.amount?.amount ?? d.discountRule?.amount?.amount),
    0,
  );
  const total = Math.max(0, subtotal + shipping + tax - discount);
  return {
    ...given,
    id: context.newId(),
    number: await nextNumber(context),
    createdDate: now,
    updatedDate: now,
    purchasedDate: given.purchasedDate ?? now,
    lineItems,
    currency,
    weightUnit: given.weightUnit ?? settings.weightUnit,
    siteLanguage: 'en',
    priceSummary: {
      subtotal: orderPrice(subtotal, currency),
      shipping: orderPrice(shipping, currency),
      tax: orderPrice(tax, currency),
      discount: orderPrice(discount, currency),
      total: orderPrice(total, currency),
      totalAdditionalFees: orderPrice(0, currency),
    },
    taxInfo: { totalTax: orderPrice(tax, currency), taxBreakdown: [] },
    fulfillmentStatus: 'NOT_FULFILLED',
    status: given.status ?? (given.paymentStatus === 'PAID' ? 'APPROVED' : 'INITIALIZED'),
    archived: given.archived ?? false,
    activities: [{ id: context.newId(), createdDate: now, type: 'ORDER_PLACED' }],
    createdBy: createdByOf(context.identity as NonNullable<CallContext['identity']>),
    channelInfo: given.channelInfo ?? { type: 'BACKOFFICE_MERCHANT' },
    tags: given.tags ?? emptyTags(),
  };
};

/** Fields no update may set: identity, computed totals and every read-only field. */
const fixedFields = ({ id: _id, priceSummary: _summary, ...rest }: OrderPatch): OrderPatch => withoutReadOnly(rest);

const updateOne = async (context: CallContext, order: Order, patch: OrderPatch, mask: unknown, maskField: string): Promise<Order> => {
  const id = order.id as string;
  const updated = applyPatch(order, fixedFields(patch), mask as string | undefined, maskField);
  const stored = await saveOrder(context, updated);
  if (stored.paymentStatus !== order.paymentStatus) {
    context.emit(ORDER_EVENTS.payment_status_updated, id, {
      actionEvent: { body: { order: stored, previousPaymentStatus: order.paymentStatus } },
    });
  }
  return stored;
};

const failureOf = (error: unknown) => {
  const failure = error as { code?: string; description?: string; message?: string };
  if (failure?.code) return { code: failure.code, description: failure.description ?? failure.message ?? failure.code };
  throw error;
};

const tagList = (current: { tagIds?: string[] } | undefined, assign: string[] | undefined, unassign: string[] | undefined) => ({
  tagIds: [...new Set([...(current?.tagIds ?? []), ...(assign ?? [])])].filter((tag) => !(unassign ?? []).includes(tag)),
});

export const orderOperations = defineService('commerce', {
  getOrder: { access: 'merchant', handle: async (context) => ({ body: { order: await orderOr404(context, context.path.id) } }) },
  searchOrders: {
    access: 'merchant',
    async handle(context) {
      const { search } = context.body;
      const at = cursorQuery(
        {
          ...(search?.filter && { filter: readFilter(search.filter, 'search.filter') }),
          ...(search?.sort && { sort: search.sort }),
          ...(search?.cursorPaging && { cursorPaging: search.cursorPaging }),
        },
        'search.cursorPaging.cursor',
      );
      const matching = query(
        await context.store.list(COLLECTIONS.orders),
        at.filter,
        at.sort?.length ? at.sort : [{ fieldName: 'createdDate', order: 'DESC' }],
      );
      const page = cursorPage(matching, at);
      return { body: { orders: page.items, metadata: { count: page.items.length, cursors: page.cursors, hasNext: page.hasNext } } };
    },
  },
  createOrder: {
    access: 'merchant',
    async handle(context) {
      const { order: given } = context.body;
      if (given.purchasedDate && Date.parse(given.purchasedDate) > Date.parse(context.now())) {
        throw refuse(
          context,
          428,
          'PURCHASED_DATE_CANNOT_BE_IN_FUTURE',
          `order.purchasedDate ${given.purchasedDate} is after now (${context.now()})`,
          {
            purchasedDate: given.purchasedDate,
          },
        );
      }
      const order = await manualOrder(context, given);
      const transactions: OrderTransactions = { orderId: order.id, payments: [], refunds: [] };
      await context.store.put(COLLECTIONS.orderTransactions, order.id as string, transactions);
      await context.store.put(COLLECTIONS.paymentMethods, order.id as string, { id: order.id, savedPaymentMethod: false });
      return { body: { order: await saveOrder(context, order, 'created') } };
    },
  },
  updateOrder: {
    access: 'merchant',
    async handle(context) {
      const { order, fieldMask } = context.body;
      if (order.id && order.id !== context.path.id) throw invalidField('order.id', `must be the order of the path (${context.path.id})`);
      const stored = await orderOr404(context, context.path.id);
      refuseHeldOrder(context, stored);
      return { body: { order: await updateOne(context, stored, order, fieldMask, 'fieldMask') } };
    },
  },
  bulkUpdateOrders: {
    access: 'merchant',
    async handle(context) {
      const { orders, returnEntity } = context.body;
      const results = [];
      for (const [index, { order, fieldMask }] of orders.entries()) {
        const id = order?.id ?? '';
        const stored = await context.store.get(COLLECTIONS.orders, id);
        if (!stored) {
          results.push(itemResult(id, index, { code: 'ORDER_NOT_FOUND', description: `Order ${id} was not found` }));
          continue;
        }
        try {
          const updated = await updateOne(context, stored, order ?? {}, fieldMask, `orders[${index}].fieldMask`);
          results.push({ ...itemResult(id, index), ...(returnEntity !== false && { item: updated }) });
        } catch (error) {
          results.push(itemResult(id, index, failureOf(error)));
        }
      }
      return { body: bulkAnswer(results) };
    },
  },
  cancelOrder: {
    access: 'merchant',
    async handle(context) {
      const request = context.body;
      const order = await orderOr404(context, context.path.id);
      if (order.status === 'CANCELED') throw refuse(context, 428, 'ORDER_ALREADY_CANCELED', `Order ${order.id} is cancelled already`);
      if (order.paymentStatus === 'PAID' || order.paymentStatus === 'PARTIALLY_PAID') {
        throw refuse(context, 428, 'ORDER_IS_PAID', `Order ${order.id} is paid: refund it before cancelling`);
      }
      refuseHeldOrder(context, order);
      refuseAuthorizedPayment(context, order, await transactionsOf(context, order.id as string));
      if (request.restockAllItems) await moveStock(context, order.lineItems ?? [], 1);
      const now = context.now();
      const canceled: Order = {
        ...order,
        status: 'CANCELED',
        activities: [
          ...(order.activities ?? []),
          {
            id: context.newId(),
            createdDate: now,
            type: 'ORDER_CANCELED',
            ...(request.customMessage && { merchantComment: { message: request.customMessage } }),
          },
        ],
      };
      const stored = await saveOrder(context, canceled);
      context.emit(ORDER_EVENTS.canceled, stored.id as string, {
        actionEvent: {
          body: {
            order: stored,
            restockAllItems: request.restockAllItems === true,
            sendOrderCanceledEmail: request.sendOrderCanceledEmail === true,
            ...(request.customMessage && { customMessage: request.customMessage }),
          },
        },
      });
      return { body: { order: stored } };
    },
  },
  bulkUpdateOrderTags: {
    access: 'merchant',
    async handle(context) {
      const { orderIds, assignTags, unassignTags } = context.body;
      const results = [];
      for (const [index, id] of orderIds.entries()) {
        const order = await context.store.get(COLLECTIONS.orders, id);
        if (!order) {
          results.push(itemResult(id, index, { code: 'ORDER_NOT_FOUND', description: `Order ${id} was not found` }));
          continue;
        }
        await saveOrder(context, {
          ...order,
          tags: {
            tags: tagList(order.tags?.tags, assignTags?.tags?.tagIds, unassignTags?.tags?.tagIds),
            privateTags: tagList(order.tags?.privateTags, assignTags?.privateTags?.tagIds, unassignTags?.privateTags?.tagIds),
          },
        });
        results.push(itemResult(id, index));
      }
      return { body: bulkAnswer(results) };
    },
  },
});
