// The visitor's current cart: one per identity (visitor, member or the merchant's own), created by the first
// add, priced from the catalogue, merged by item, with coupon and merchant discounts; estimates totals with
// shipping and tax from the fixture rules; turns into a checkout.

import { computeTotals, type MerchantDiscountInput, type Totals } from '../../computations/commerce-totals';
import { applyPatch } from '../../computations/field-mask';
import { multiCurrencyPrice, toAmount, toCents } from '../../computations/money';
import { invalidField } from '../../engine/failure';
import { readSettings, type SiteSettings } from '../../engine/fixtures';
import { type CallContext, defineService } from '../../engine/service-table';
import { eventsOf } from '../event-types';
import { buyerIdsOf } from '../ownership';
import { COLLECTIONS, saveAndEmit } from '../records';
import type { CommerceBody, CommerceSchema, ServerSet, Stored } from '../wire-types';
import { type CartLineItem, catalogLine, customLine, sameItem, withQuantity } from './catalog-lines';
import { createCheckoutFromLines } from './checkout';
import { requireKnownCoupon } from './discount-codes';
import { appliedDiscounts, calculationErrors, giftCardOf, priceSummary, shippingInfo, taxSummary } from './purchase-shapes';
import { type CommerceCall, type Declaring, refuse } from './refusals';
import { requireVisitorEmail } from './visitor-email';

export type Cart = Stored<CommerceSchema<'Cart'>, ServerSet>;

const MAX_QUANTITY = 100_000;

const CART_EVENTS = eventsOf('wix.ecom.v1.cart');

const ownerOf = (context: CallContext): string => context.identity?.id as string;

/** The caller's current cart, if it has one. */
export const currentCart = async (context: CallContext): Promise<Cart | undefined> => {
  const index = await context.store.get(COLLECTIONS.currentCarts, ownerOf(context));
  return index ? context.store.get(COLLECTIONS.carts, index.cartId) : undefined;
};

const cartOr404 = async <K extends Declaring<404, 'OWNED_CART_NOT_FOUND'>>(context: CommerceCall<K>): Promise<Cart> => {
  const cart = await currentCart(context);
  if (!cart) throw refuse(context, 404, 'OWNED_CART_NOT_FOUND', `The caller (${ownerOf(context)}) has no current cart`);
  return cart;
};

const couponCodeOf = (cart: Cart): string | undefined => cart.appliedDiscounts?.find((discount) => discount.coupon?.code)?.coupon?.code;

const merchantDiscountsOf = (cart: Cart): MerchantDiscountInput[] =>
  (cart.appliedDiscounts ?? []).flatMap((discount) =>
    discount.merchantDiscount?.amount?.amount
      ? [{ kind: 'AMOUNT' as const, amountCents: toCents(discount.merchantDiscount.amount.amount) }]
      : [],
  );

export const cartTotals = (cart: Cart, settings: SiteSettings, extra: Partial<Parameters<typeof computeTotals>[0]> = {}): Totals =>
  computeTotals({
    lines: (cart.lineItems ?? []).map((line) => ({
      id: line.id as string,
      unitCents: toCents(line.price?.amount),
      quantity: line.quantity ?? 1,
      shippable: line.physicalProperties?.shippable ?? false,
    })),
    settings,
    ...(couponCodeOf(cart) && { couponCode: couponCodeOf(cart) }),
    merchantDiscounts: merchantDiscountsOf(cart),
    ...extra,
  });

/** The cart with its computed fields (currency, line prices, subtotals, discounts) up to date. */
const priced = (cart: Cart, settings: SiteSettings, now: string): Cart => {
  const currency = settings.currency;
  // A line whose price already follows its quantity is kept as it is (stored lines are shared, not copied).
  const lineItems = (cart.lineItems ?? []).map((line) =>
    line.lineItemPrice?.amount === toAmount(toCents(line.price?.amount) * (line.quantity ?? 1))
      ? line
      : withQuantity(line, line.quantity ?? 1, currency),
  );
  const totals = cartTotals({ ...cart, lineItems }, settings);
  return {
    ...cart,
    lineItems,
    currency,
    conversionCurrency: currency,
    paymentCurrency: currency,
    buyerLanguage: cart.buyerLanguage ?? 'en',
    siteLanguage: 'en',
    taxIncludedInPrices: settings.taxIncludedInPrices,
    weightUnit: settings.weightUnit,
    subtotal: multiCurrencyPrice(totals.subtotal, currency),
    discount: multiCurrencyPrice(totals.discount, currency),
    subtotalAfterDiscounts: multiCurrencyPrice(totals.afterDiscounts, currency),
    appliedDiscounts: [
      ...(totals.coupon ? [{ coupon: { id: totals.coupon.id, code: totals.coupon.code } }] : []),
      ...(cart.appliedDiscounts ?? []).filter((discount) => discount.merchantDiscount),
    ],
    updatedDate: now,
    revision: String(Number(cart.revision ?? '0') + 1),
  };
};

/** Prices and stores the cart, and emits its created or updated event. */
const save = async (context: CallContext, cart: Cart, settings: SiteSettings, isNew: boolean): Promise<Cart> => {
  const stored = priced(cart, settings, context.now());
  if (isNew) {
    await saveAndEmit(context, COLLECTIONS.carts, stored, CART_EVENTS.created, { createdEvent: { entity: stored } });
    await context.store.put(COLLECTIONS.currentCarts, ownerOf(context), { id: ownerOf(context), cartId: stored.id });
  } else await saveAndEmit(context, COLLECTIONS.carts, stored, CART_EVENTS.updated, { updatedEvent: { currentEntity: stored } });
  return stored;
};

const emptyCart = (context: CallContext, settings: SiteSettings): Cart => {
  const now = context.now();
  return {
    id: context.newId(),
    lineItems: [],
    buyerInfo: buyerIdsOf(context.identity as NonNullable<CallContext['identity']>),
    currency: settings.currency,
    appliedDiscounts: [],
    createdDate: now,
    updatedDate: now,
    channelType: 'WEB',
    revision: '0',
  };
};

/**
 * The cart's lines with the requested ones merged in: an item already in the cart adds to its quantity (up to
 * the limit; its product must still be on sale), a new one is priced from the catalogue, custom lines are added.
 */
const addRequested = async (
  context: CallContext,
  settings: SiteSettings,
  cart: Cart,
  lineItems: readonly { quantity?: number; catalogReference?: CommerceSchema<'CatalogReference'> }[] = [],
  customLineItems: readonly CommerceSchema<'CheckoutCustomLineItem'>[] = [],
): Promise<CartLineItem[]> => {
  const merged = [...(cart.lineItems ?? [])];
  for (const [index, item] of lineItems.entries()) {
    const same = merged.findIndex((existing) => !existing.customLineItem && sameItem(existing.catalogReference, item.catalogReference));
    if (same < 0) {
      merged.push(await catalogLine(context.store, settings, item, `lineItems[${index}]`, context.newId()));
      continue;
    }
    const productId = item.catalogReference?.catalogItemId ?? '';
    const product = await context.store.get(COLLECTIONS.products, productId);
    if (!product || product.visible === false)
      throw invalidField(`lineItems[${index}].catalogReference.catalogItemId`, `${productId} is not a product of the catalogue`);
    const quantity = (merged[same]?.quantity ?? 0) + (item.quantity ?? 1);
    if (quantity > MAX_QUANTITY)
      throw invalidField(`lineItems[${index}].quantity`, `would make ${quantity} of this item in the cart: at most ${MAX_QUANTITY}`, 'MAX');
    merged[same] = withQuantity(merged[same] as CartLineItem, quantity, settings.currency);
  }
  customLineItems.forEach((item, index) => merged.push(customLine(item, settings, context.newId(), `customLineItems[${index}]`)));
  if (merged.length > 300) throw invalidField('lineItems', 'a cart holds at most 300 line items', 'MAX_SIZE');
  return merged;
};

const withCoupon = (cart: Cart, couponCode: string): Cart => ({
  ...cart,
  appliedDiscounts: [...(cart.appliedDiscounts ?? []).filter((d) => !d.coupon), { coupon: { code: couponCode } }],
});

const lineIdsOf = (cart: Cart, ids: readonly string[], field: string): void => {
  ids.forEach((id, index) => {
    if (!cart.lineItems?.some((line) => line.id === id)) throw invalidField(`${field}[${index}]`, `${id} is not a line item of the cart`);
  });
};

const estimate = (cart: Cart, settings: SiteSettings, request: CommerceBody<'estimateCurrentCartTotals'>) => {
  const destination = request.shippingAddress ?? cart.contactInfo?.address;
  const currency = settings.currency;
  const totals = cartTotals(cart, settings, {
    ...(destination && { destination }),
    ...((request.selectedShippingOption ?? cart.selectedShippingOption) && {
      selectedShipping: request.selectedShippingOption ?? cart.selectedShippingOption,
    }),
    ...(request.calculateTax !== undefined && { calculateTax: request.calculateTax }),
    ...(request.calculateShipping !== undefined && { calculateShipping: request.calculateShipping }),
  });
  const giftCard = giftCardOf(totals, currency);
  return {
    cart,
    calculatedLineItems: (cart.lineItems ?? []).map((line) => ({
      lineItemId: line.id,
      pricesBreakdown: {
        totalPriceAfterTax: multiCurrencyPrice(
          toCents(line.lineItemPrice?.amount) -
            (totals.lineDiscount.get(line.id as string) ?? 0) +
            (totals.lineTax.get(line.id as string) ?? 0),
          currency,
        ),
        totalPriceBeforeTax: multiCurrencyPrice(
          toCents(line.lineItemPrice?.amount) - (totals.lineDiscount.get(line.id as string) ?? 0),
          currency,
        ),
        taxDetails: {
          taxRate: totals.taxRule?.rate ?? '0',
          totalTax: multiCurrencyPrice(totals.lineTax.get(line.id as string) ?? 0, currency),
        },
        totalDiscount: multiCurrencyPrice(totals.lineDiscount.get(line.id as string) ?? 0, currency),
        price: line.price,
        priceBeforeDiscounts: line.priceBeforeDiscounts,
        lineItemPrice: line.lineItemPrice,
        fullPrice: line.fullPrice,
      },
      paymentOption: line.paymentOption ?? 'FULL_PAYMENT_ONLINE',
    })),
    priceSummary: priceSummary(totals, currency),
    ...(giftCard && { giftCard }),
    taxSummary: taxSummary(totals, currency),
    shippingInfo: shippingInfo(totals, currency, destination),
    appliedDiscounts: appliedDiscounts(totals, currency),
    calculationErrors: calculationErrors(totals),
    weightUnit: settings.weightUnit,
    currency,
    payNow: priceSummary(totals, currency, totals.payNow),
    payLater: priceSummary({ ...totals, subtotal: 0, shipping: 0, tax: 0, discount: 0 }, currency, 0),
    membershipOptions: { eligibleMemberships: [], invalidMemberships: [], selectedMemberships: [] },
    additionalFees: [],
    violations: [],
  };
};

export const currentCartOperations = defineService('commerce', {
  getCurrentCart: { access: 'shopper', handle: async (context) => ({ body: { cart: await cartOr404(context) } }) },
  addToCurrentCart: {
    access: 'shopper',
    async handle(context) {
      const { lineItems, customLineItems } = context.body;
      const settings = await readSettings(context.store);
      const existing = await currentCart(context);
      const cart = existing ?? emptyCart(context, settings);
      return {
        body: {
          cart: await save(
            context,
            { ...cart, lineItems: await addRequested(context, settings, cart, lineItems, customLineItems) },
            settings,
            !existing,
          ),
        },
      };
    },
  },
  updateCurrentCart: {
    access: 'shopper',
    async handle(context) {
      const request = context.body;
      const settings = await readSettings(context.store);
      const existing = await currentCart(context);
      // Line items make a cart, as adding to it does; a change of a cart the caller does not have yet is refused.
      if (!existing && !request.lineItems?.length && !request.customLineItems?.length)
        throw refuse(
          context,
          404,
          'OWNED_CART_NOT_FOUND',
          `The caller (${ownerOf(context)}) has no current cart to update: add an item first`,
        );
      let cart = existing ?? emptyCart(context, settings);
      if (request.cartInfo) {
        const { id: _id, lineItems: _lines, ...info } = request.cartInfo;
        cart = applyPatch(cart, info, request.cartFieldmask, 'cartFieldmask');
      }
      requireKnownCoupon(context, settings, request.couponCode);
      if (request.couponCode) cart = withCoupon(cart, request.couponCode);
      if (request.merchantDiscounts) {
        cart = {
          ...cart,
          appliedDiscounts: [
            ...(cart.appliedDiscounts ?? []).filter((discount) => !discount.merchantDiscount),
            ...request.merchantDiscounts.map((discount) => ({
              merchantDiscount: { kind: 'AMOUNT' as const, amount: multiCurrencyPrice(toCents(discount.amount), settings.currency) },
            })),
          ],
        };
      }
      if (request.lineItems?.length || request.customLineItems?.length)
        cart = { ...cart, lineItems: await addRequested(context, settings, cart, request.lineItems, request.customLineItems) };
      return { body: { cart: await save(context, cart, settings, !existing) } };
    },
  },
  deleteCurrentCart: {
    access: 'shopper',
    async handle(context) {
      const cart = await cartOr404(context);
      await context.store.remove(COLLECTIONS.carts, cart.id as string);
      await context.store.remove(COLLECTIONS.currentCarts, ownerOf(context));
      context.emit(CART_EVENTS.deleted, cart.id as string, { deletedEvent: { deletedEntity: cart } });
      return { body: {} };
    },
  },
  removeCurrentCartLineItems: {
    access: 'shopper',
    async handle(context) {
      const { lineItemIds } = context.body;
      const cart = await cartOr404(context);
      lineIdsOf(cart, lineItemIds, 'lineItemIds');
      const settings = await readSettings(context.store);
      return {
        body: {
          cart: await save(
            context,
            { ...cart, lineItems: (cart.lineItems ?? []).filter((line) => !lineItemIds.includes(line.id as string)) },
            settings,
            false,
          ),
        },
      };
    },
  },
  updateCurrentCartLineItemsQuantity: {
    access: 'shopper',
    async handle(context) {
      const { lineItems } = context.body;
      const cart = await cartOr404(context);
      lineIdsOf(
        cart,
        lineItems.map((line) => line.id),
        'lineItems',
      );
      const settings = await readSettings(context.store);
      const updated = (cart.lineItems ?? []).map((line) => {
        const change = lineItems.find((item) => item.id === line.id);
        return change?.quantity === undefined ? line : withQuantity(line, change.quantity, settings.currency);
      });
      return { body: { cart: await save(context, { ...cart, lineItems: updated }, settings, false) } };
    },
  },
  removeCurrentCartCoupon: {
    access: 'shopper',
    async handle(context) {
      const cart = await cartOr404(context);
      const settings = await readSettings(context.store);
      return {
        body: {
          cart: await save(
            context,
            { ...cart, appliedDiscounts: (cart.appliedDiscounts ?? []).filter((discount) => !discount.coupon) },
            settings,
            false,
          ),
        },
      };
    },
  },
  estimateCurrentCartTotals: {
    access: 'shopper',
    async handle(context) {
      const cart = await cartOr404(context);
      return { body: estimate(cart, await readSettings(context.store), context.body) };
    },
  },
  createCheckoutFromCurrentCart: {
    access: 'shopper',
    async handle(context) {
      const request = context.body;
      const cart = await cartOr404(context);
      if (!cart.lineItems?.length) throw invalidField('cart', 'is empty: add line items before creating a checkout');
      requireVisitorEmail(context.identity?.role, request, cart.buyerInfo?.email);
      const settings = await readSettings(context.store);
      const checkout = await createCheckoutFromLines(context, settings, {
        lines: cart.lineItems,
        cartId: cart.id as string,
        channelType: request.channelType ?? 'WEB',
        ...(couponCodeOf(cart) && { couponCode: couponCodeOf(cart) }),
        ...(cart.buyerNote && { buyerNote: cart.buyerNote }),
        ...(request.shippingAddress && { shippingAddress: request.shippingAddress }),
        ...(!request.shippingAddress && cart.contactInfo?.address && { shippingAddress: cart.contactInfo.address }),
        ...(request.billingAddress && { billingAddress: request.billingAddress }),
        ...((request.selectedShippingOption ?? cart.selectedShippingOption) && {
          selectedShippingOption: request.selectedShippingOption ?? cart.selectedShippingOption,
        }),
        ...((request.email ?? cart.buyerInfo?.email) && { email: request.email ?? cart.buyerInfo?.email }),
      });
      await save(context, { ...cart, checkoutId: checkout.id }, settings, false);
      return { body: { checkoutId: checkout.id } };
    },
  },
});
