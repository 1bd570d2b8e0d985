// Checkouts: created from the current cart or from line items, priced like the cart plus shipping, tax, coupon
// and gift card; lines added, removed and re-counted; an order created from one, which completes it. A
// completed checkout refuses every change, as the platform does. A shopper reaches only its own checkouts.
import { computeTotals, type Totals } from '../../computations/commerce-totals';
import { applyPatch } from '../../computations/field-mask';
import { multiCurrencyPrice, toCents } from '../../computations/money';
import { invalidField } from '../../engine/failure';
import { readSettings, type SiteSettings } from '../../engine/fixtures';
import { type CallContext, defineService, type ServiceContext } from '../../engine/service-table';
import { eventsOf } from '../event-types';
import { buyerIdsOf, createdByOf, ownedBy } from '../ownership';
import { COLLECTIONS, saveAndEmit } from '../records';
import type { CommerceSchema, ServerSet, Stored } from '../wire-types';
import { type CartLineItem, requestedLines, withQuantity } from './catalog-lines';
import { requireKnownCoupon, requireKnownGiftCard } from './discount-codes';
import { refuseUnplaceableCheckout } from './order-placement-rules';
import { placeOrder } from './orders';
import {
  appliedDiscounts,
  calculationErrors,
  cartLineOf,
  checkoutLine,
  giftCardOf,
  priceSummary,
  shippingInfo,
  taxSummary,
} from './purchase-shapes';
import { type CommerceCall, type Declaring, refuse } from './refusals';
import { requireUsableShippingOption } from './shipping-selection';

export type Checkout = Stored<CommerceSchema<'Checkout'>, ServerSet>;
type Address = CommerceSchema<'Address'>;

/** What a checkout keeps that its wire shape has no field for: the codes as entered, the URL override. */
interface CheckoutExtras {
  readonly id: string;
  readonly couponCode?: string;
  readonly giftCardCode?: string;
  readonly overrideCheckoutUrl?: string;
}

const EXTRAS = 'checkoutExtras';

const CART_EVENTS = eventsOf('wix.ecom.v1.cart');
const CHECKOUT_EVENTS = eventsOf('wix.ecom.v1.checkout');

const extrasOf = async (context: CallContext, id: string): Promise<CheckoutExtras> => (await context.store.get(EXTRAS, id)) ?? { id };

const destinationOf = (checkout: Checkout): Address | undefined =>
  checkout.shippingInfo?.shippingDestination?.address ?? checkout.billingInfo?.address;

const totalsOf = (checkout: Checkout, extras: CheckoutExtras, settings: SiteSettings): Totals => {
  const destination = destinationOf(checkout);
  const selected = checkout.shippingInfo?.selectedCarrierServiceOption;
  return computeTotals({
    lines: (checkout.lineItems ?? []).map((line) => ({
      id: line.id as string,
      unitCents: toCents(line.price?.amount),
      quantity: line.quantity ?? 1,
      shippable: line.physicalProperties?.shippable ?? false,
    })),
    settings,
    ...(extras.couponCode && { couponCode: extras.couponCode }),
    ...(destination && { destination }),
    ...(selected?.code && { selectedShipping: { code: selected.code, ...(selected.carrierId && { carrierId: selected.carrierId }) } }),
    ...(extras.giftCardCode && { giftCardCode: extras.giftCardCode }),
  });
};

/** The checkout with every computed field (lines, shipping, discounts, tax, totals) up to date. */
export const pricedCheckout = (checkout: Checkout, extras: CheckoutExtras, settings: SiteSettings): Checkout => {
  const currency = settings.currency;
  const totals = totalsOf(checkout, extras, settings);
  const giftCard = giftCardOf(totals, currency);
  const { giftCard: _oldGiftCard, ...rest } = checkout;
  return {
    ...rest,
    lineItems: (checkout.lineItems ?? []).map((line) => checkoutLine(cartLineOf(line), totals, currency)),
    shippingInfo: {
      ...shippingInfo(
        totals,
        currency,
        checkout.shippingInfo?.shippingDestination?.address,
        checkout.shippingInfo?.shippingDestination?.contactDetails,
      ),
      ...(checkout.shippingInfo?.region && { region: checkout.shippingInfo.region }),
    },
    priceSummary: priceSummary(totals, currency),
    calculationErrors: calculationErrors(totals),
    ...(giftCard && { giftCard }),
    appliedDiscounts: appliedDiscounts(totals, currency),
    taxSummary: taxSummary(totals, currency),
    currency,
    conversionCurrency: currency,
    paymentCurrency: currency,
    siteLanguage: 'en',
    buyerLanguage: checkout.buyerLanguage ?? 'en',
    taxIncludedInPrice: settings.taxIncludedInPrices,
    weightUnit: settings.weightUnit,
    payNow: priceSummary(totals, currency, totals.payNow),
    payLater: priceSummary({ ...totals, subtotal: 0, shipping: 0, tax: 0, discount: 0 }, currency, 0),
    membershipOptions: { eligibleMemberships: [], invalidMemberships: [], selectedMemberships: [] },
    additionalFees: [],
    violations: [],
  };
};

const save = async (context: CallContext, checkout: Checkout, extras: CheckoutExtras, isNew = false): Promise<Checkout> => {
  const settings = await readSettings(context.store);
  const stored = { ...pricedCheckout(checkout, extras, settings), updatedDate: context.now() };
  await saveAndEmit(
    context,
    COLLECTIONS.checkouts,
    stored,
    isNew ? CHECKOUT_EVENTS.created : CHECKOUT_EVENTS.updated,
    isNew ? { createdEvent: { entity: stored } } : { updatedEvent: { currentEntity: stored } },
  );
  await context.store.put(EXTRAS, stored.id as string, extras);
  return stored;
};

/** A checkout the caller may see: its own, or any for the merchant. */
const checkoutOf = async <K extends Declaring<404, 'NOT_FOUND'> & Declaring<403, 'PERMISSION_DENIED'>>(
  context: CommerceCall<K>,
  id: string,
): Promise<Checkout> => {
  const checkout = await context.store.get(COLLECTIONS.checkouts, id);
  if (!checkout) throw refuse(context, 404, 'NOT_FOUND', `Checkout ${id} was not found`);
  if (!ownedBy(context.identity as NonNullable<CallContext['identity']>, checkout.buyerInfo))
    throw refuse(context, 403, 'PERMISSION_DENIED', `Checkout ${id} belongs to another buyer`);
  return checkout;
};

/** A checkout the caller may change: not completed. */
const openCheckout = async <
  K extends Declaring<404, 'NOT_FOUND'> & Declaring<403, 'PERMISSION_DENIED'> & Declaring<428, 'CHECKOUT_IS_COMPLETE'>,
>(
  context: CommerceCall<K>,
  id: string,
): Promise<Checkout> => {
  const checkout = await checkoutOf(context, id);
  if (checkout.completed) throw refuse(context, 428, 'CHECKOUT_IS_COMPLETE', `Checkout ${id} is completed: it cannot be changed`);
  return checkout;
};

export interface NewCheckout {
  readonly lines: readonly CartLineItem[];
  readonly channelType: string;
  readonly cartId?: string;
  readonly couponCode?: string;
  readonly giftCardCode?: string;
  readonly overrideCheckoutUrl?: string;
  readonly buyerNote?: string;
  readonly email?: string;
  readonly shippingAddress?: Address;
  readonly billingAddress?: Address;
  readonly selectedShippingOption?: { carrierId?: string; code?: string };
  readonly info?: CommerceSchema<'Checkout'>;
}

export const createCheckoutFromLines = async (context: CallContext, settings: SiteSettings, given: NewCheckout): Promise<Checkout> => {
  const identity = context.identity as NonNullable<CallContext['identity']>;
  const now = context.now();
  const info = given.info ?? {};
  const shippingAddress = given.shippingAddress ?? info.shippingInfo?.shippingDestination?.address;
  const wantedShipping = given.selectedShippingOption ?? info.shippingInfo?.selectedCarrierServiceOption;
  const checkout: Checkout = {
    ...info,
    id: context.newId(),
    lineItems: given.lines.map((line) => withQuantity(line, line.quantity ?? 1, settings.currency)) as Checkout['lineItems'],
    ...(given.billingAddress && { billingInfo: { ...info.billingInfo, address: given.billingAddress } }),
    shippingInfo: {
      ...(shippingAddress && { shippingDestination: { ...info.shippingInfo?.shippingDestination, address: shippingAddress } }),
      ...(wantedShipping?.code && {
        selectedCarrierServiceOption: {
          code: wantedShipping.code,
          ...(wantedShipping.carrierId && { carrierId: wantedShipping.carrierId }),
        },
      }),
    },
    ...((given.buyerNote ?? info.buyerNote) && { buyerNote: given.buyerNote ?? info.buyerNote }),
    buyerInfo: { ...buyerIdsOf(identity), ...((given.email ?? info.buyerInfo?.email) && { email: given.email ?? info.buyerInfo?.email }) },
    channelType: given.channelType as Checkout['channelType'],
    completed: false,
    createdBy: createdByOf(identity),
    createdDate: now,
    updatedDate: now,
    ...(given.cartId && { cartId: given.cartId }),
    purchaseFlowId: context.newId(),
  };
  const extras: CheckoutExtras = {
    id: checkout.id as string,
    ...(given.couponCode && { couponCode: given.couponCode }),
    ...(given.giftCardCode && { giftCardCode: given.giftCardCode }),
    ...(given.overrideCheckoutUrl && { overrideCheckoutUrl: given.overrideCheckoutUrl }),
  };
  return save(context, checkout, extras, true);
};

const lineIdsCheck = (checkout: Checkout, ids: readonly string[], field: string) =>
  ids.forEach((id, index) => {
    if (!checkout.lineItems?.some((line) => line.id === id))
      throw invalidField(`${field}[${index}]`, `${id} is not a line item of the checkout`);
  });

/** The operations that change an open checkout (its id in the path) and answer it. */
/** The operations that change an open checkout. */
const CHECKOUT_CHANGES = [
  'updateCheckout',
  'removeCheckoutCoupon',
  'removeCheckoutGiftCard',
  'removeCheckoutOverrideCheckoutUrl',
  'addToCheckout',
  'removeCheckoutLineItems',
  'updateCheckoutLineItemsQuantity',
] as const;

type CheckoutChange = (typeof CHECKOUT_CHANGES)[number];

const change =
  <K extends CheckoutChange>(
    update: (
      context: ServiceContext<'commerce', K>,
      checkout: Checkout,
      extras: CheckoutExtras,
    ) => Promise<[Checkout, CheckoutExtras]> | [Checkout, CheckoutExtras],
  ) =>
  async (context: ServiceContext<'commerce', K>) => {
    const checkout = await openCheckout(context, context.path.id);
    const [next, extras] = await update(context, checkout, await extrasOf(context, checkout.id as string));
    return { body: { checkout: await save(context, next, extras) } };
  };

export const checkoutOperations = defineService('commerce', {
  createCheckout: {
    access: 'shopper',
    async handle(context) {
      const request = context.body;
      const settings = await readSettings(context.store);
      requireKnownCoupon(context, settings, request.couponCode);
      requireKnownGiftCard(context, settings, request.giftCardCode);
      const shipping = request.checkoutInfo?.shippingInfo;
      requireUsableShippingOption(context, settings, shipping?.selectedCarrierServiceOption, shipping?.shippingDestination?.address);
      const lines = await requestedLines(context, settings, request.lineItems, request.customLineItems);
      const checkout = await createCheckoutFromLines(context, settings, {
        lines,
        channelType: request.channelType,
        ...(request.couponCode && { couponCode: request.couponCode }),
        ...(request.giftCardCode && { giftCardCode: request.giftCardCode }),
        ...(request.overrideCheckoutUrl && { overrideCheckoutUrl: request.overrideCheckoutUrl }),
        ...(request.checkoutInfo && { info: request.checkoutInfo }),
        ...(request.checkoutInfo?.billingInfo?.address && { billingAddress: request.checkoutInfo.billingInfo.address }),
      });
      return { body: { checkout } };
    },
  },
  getCheckout: { access: 'shopper', handle: async (context) => ({ body: { checkout: await checkoutOf(context, context.path.id) } }) },
  getCheckoutByCartId: {
    access: 'shopper',
    async handle(context) {
      const cartId = context.path.id;
      const checkouts = (await context.store.list(COLLECTIONS.checkouts)).filter((checkout) => checkout.cartId === cartId);
      const latest = checkouts.sort((a, b) => String(b.createdDate).localeCompare(String(a.createdDate)))[0];
      if (!latest) throw refuse(context, 404, 'NOT_FOUND', `Checkout of cart ${cartId} was not found`);
      return { body: { checkout: await checkoutOf(context, latest.id as string) } };
    },
  },
  getCheckoutUrl: {
    access: 'shopper',
    async handle(context) {
      const checkout = await checkoutOf(context, context.path.id);
      const extras = await extrasOf(context, checkout.id as string);
      const settings = await readSettings(context.store);
      return {
        body: { checkoutUrl: extras.overrideCheckoutUrl ?? `${settings.siteUrl.replace(/\/+$/, '')}/checkout?checkoutId=${checkout.id}` },
      };
    },
  },
  getCheckoutPaymentSettings: {
    access: 'shopper',
    async handle(context) {
      await checkoutOf(context, context.path.id);
      return { body: { paymentSettings: { blockedPaymentOptions: [] } } };
    },
  },
  updateCheckout: {
    access: 'shopper',
    handle: change(async (context, checkout, extras) => {
      const request = context.body;
      const settings = await readSettings(context.store);
      requireKnownCoupon(context, settings, request.couponCode);
      requireKnownGiftCard(context, settings, request.giftCardCode);
      const { id: _id, lineItems: _lines, completed: _completed, ...fields } = request.checkout;
      let next = applyPatch(checkout, fields, request.fieldMask);
      requireUsableShippingOption(
        context,
        settings,
        request.checkout.shippingInfo?.selectedCarrierServiceOption,
        next.shippingInfo?.shippingDestination?.address,
      );
      const lines = await requestedLines(context, settings, request.lineItems, request.customLineItems);
      if (lines.length) next = { ...next, lineItems: [...(next.lineItems ?? []), ...(lines as Checkout['lineItems'] & object)] };
      const nextExtras: CheckoutExtras = {
        ...extras,
        ...(request.couponCode && { couponCode: request.couponCode }),
        ...(request.giftCardCode && { giftCardCode: request.giftCardCode }),
        ...(request.overrideCheckoutUrl && { overrideCheckoutUrl: request.overrideCheckoutUrl }),
      };
      return [next, nextExtras];
    }),
  },
  removeCheckoutCoupon: { access: 'shopper', handle: change((_context, checkout, { couponCode: _code, ...extras }) => [checkout, extras]) },
  removeCheckoutGiftCard: {
    access: 'shopper',
    handle: change((_context, checkout, { giftCardCode: _code, ...extras }) => [checkout, extras]),
  },
  removeCheckoutOverrideCheckoutUrl: {
    access: 'shopper',
    handle: change((_context, checkout, { overrideCheckoutUrl: _url, ...extras }) => [checkout, extras]),
  },
  addToCheckout: {
    access: 'shopper',
    handle: change(async (context, checkout, extras) => {
      const { lineItems, customLineItems } = context.body;
      const settings = await readSettings(context.store);
      const lines = await requestedLines(context, settings, lineItems, customLineItems);
      return [{ ...checkout, lineItems: [...(checkout.lineItems ?? []), ...(lines as NonNullable<Checkout['lineItems']>)] }, extras];
    }),
  },
  removeCheckoutLineItems: {
    access: 'shopper',
    handle: change((context, checkout, extras) => {
      const { lineItemIds } = context.body;
      lineIdsCheck(checkout, lineItemIds, 'lineItemIds');
      return [{ ...checkout, lineItems: (checkout.lineItems ?? []).filter((line) => !lineItemIds.includes(line.id as string)) }, extras];
    }),
  },
  updateCheckoutLineItemsQuantity: {
    access: 'shopper',
    handle: change(async (context, checkout, extras) => {
      const { lineItems } = context.body;
      lineIdsCheck(
        checkout,
        lineItems.map((line) => line.id),
        'lineItems',
      );
      const settings = await readSettings(context.store);
      return [
        {
          ...checkout,
          lineItems: (checkout.lineItems ?? []).map((line) => {
            const wanted = lineItems.find((item) => item.id === line.id);
            return wanted?.quantity === undefined
              ? line
              : ({
                  ...line,
                  quantity: wanted.quantity,
                  lineItemPrice: multiCurrencyPrice(toCents(line.price?.amount) * wanted.quantity, settings.currency),
                } as typeof line);
          }),
        },
        extras,
      ];
    }),
  },
  createOrderFromCheckout: {
    access: 'shopper',
    async handle(context) {
      const request = context.body;
      const checkout = await checkoutOf(context, context.path.id);
      if (checkout.completed)
        throw refuse(context, 428, 'CHECKOUT_ALREADY_PAID', `Checkout ${checkout.id} is completed: an order was created from it already`);
      if (!checkout.lineItems?.length) throw refuse(context, 428, 'EMPTY_CHECKOUT', `Checkout ${checkout.id} has no line items`);
      const extras = await extrasOf(context, checkout.id as string);
      await refuseUnplaceableCheckout(context, checkout, await readSettings(context.store), {
        ...(extras.couponCode && { couponCode: extras.couponCode }),
        ...(extras.giftCardCode && { giftCardCode: extras.giftCardCode }),
        savePaymentMethod: request.savePaymentMethod === true,
      });
      const order = await placeOrder(context, checkout, { savePaymentMethod: request.savePaymentMethod === true });
      const completed: Checkout = { ...checkout, completed: true, updatedDate: context.now() };
      await saveAndEmit(context, COLLECTIONS.checkouts, completed, CHECKOUT_EVENTS.completed, {
        actionEvent: { body: { checkout: completed } },
      });
      // The buyer's cart is used up by the order.
      if (checkout.cartId) {
        const cart = await context.store.get(COLLECTIONS.carts, checkout.cartId);
        if (cart) {
          await context.store.remove(COLLECTIONS.carts, checkout.cartId);
          const owner = cart.buyerInfo?.visitorId ?? cart.buyerInfo?.memberId ?? cart.buyerInfo?.userId;
          if (owner) await context.store.remove(COLLECTIONS.currentCarts, owner);
          context.emit(CART_EVENTS.deleted, checkout.cartId, { deletedEvent: { deletedEntity: cart } });
        }
      }
      const total = toCents(order.priceSummary?.total?.amount);
      return { body: { orderId: order.id, ...(total > 0 && { paymentGatewayOrderId: context.newId() }) } };
    },
  },
  markCheckoutAsCompleted: {
    access: 'shopper',
    async handle(context) {
      const checkout = await checkoutOf(context, context.path.id);
      if (!checkout.completed) {
        const completed: Checkout = { ...checkout, completed: true, updatedDate: context.now() };
        await saveAndEmit(context, COLLECTIONS.checkouts, completed, CHECKOUT_EVENTS.completed, {
          actionEvent: { body: { checkout: completed } },
        });
      }
      return { body: {} };
    },
  },
});
