// Why a checkout cannot become an order, checked when the order is created as the platform does: a line the
// catalogue no longer sells (a violation of severity ERROR), a price that changed since the checkout was priced,
// a members-only item bought by a visitor, stock (none left, or fewer than asked), a gift card paid with a coupon or
// a gift card, a subscription that is not alone, paid by gift card, free or without consent to save the payment
// method, and shipping (none selected for a destination, or the selected option no longer offered).
import { offered, serves } from '../../computations/commerce-totals';
import { toCents } from '../../computations/money';
import type { SiteSettings } from '../../engine/fixtures';
import type { CommerceSchema } from '../wire-types';
import { catalogueItemNow } from './catalog-lines';
import { type CommerceCall, refuse } from './refusals';
import { shippingOptionNamed } from './shipping-selection';

type Checkout = CommerceSchema<'Checkout'>;
type Line = NonNullable<Checkout['lineItems']>[number];
type Placing = CommerceCall<'createOrderFromCheckout'>;

export interface Placement {
  readonly couponCode?: string;
  readonly giftCardCode?: string;
  readonly savePaymentMethod: boolean;
}

const nameOf = (line: Line): string => line.productName?.original ?? 'An item';

const catalogueLines = (checkout: Checkout): Line[] => (checkout.lineItems ?? []).filter((line) => line.customLineItem !== true);

/** Lines of items the catalogue no longer sells, and lines whose price is not the catalogue's any more. */
const refuseStaleLines = async (context: Placing, checkout: Checkout): Promise<void> => {
  const violations = [];
  const changed = [];
  for (const line of catalogueLines(checkout)) {
    const item = await catalogueItemNow(context.store, line.catalogReference);
    if (!item) {
      violations.push({
        severity: 'ERROR',
        target: { lineItem: { name: 'LINE_ITEM_DEFAULT', id: line.id, suggestedFix: 'REMOVE_LINE_ITEM' } },
        description: `${nameOf(line)} is no longer sold.`,
      });
    } else if (item.unitCents !== toCents(line.price?.amount)) changed.push(line.id);
  }
  if (violations.length)
    throw refuse(context, 428, 'VIOLATIONS_WITH_ERROR_SEVERITY', "Resolve the checkout's violations before placing the order.", {
      violations,
    });
  if (changed.length)
    throw refuse(context, 428, 'CHECKOUT_CHANGED', 'A price changed since the checkout was priced: read the checkout again before paying', {
      lineItemIds: changed,
    });
};

const refuseMembersOnly = (context: Placing, checkout: Checkout): void => {
  const line = (checkout.lineItems ?? []).find((candidate) => candidate.membersOnly === true);
  if (line && !checkout.buyerInfo?.memberId)
    throw refuse(context, 428, 'MEMBERS_ONLY_ITEM', `${nameOf(line)} is sold to site members only: sign in to buy it`, {
      lineItemId: line.id,
    });
};

const refuseMissingStock = async (context: Placing, checkout: Checkout): Promise<void> => {
  const short = [];
  for (const line of catalogueLines(checkout)) {
    const left = (await catalogueItemNow(context.store, line.catalogReference))?.left;
    if (left !== undefined && left < (line.quantity ?? 1)) short.push({ line, left });
  }
  const none = short.find(({ left }) => left === 0);
  if (none)
    throw refuse(context, 428, 'FULL_OUT_OF_STOCK', `${nameOf(none.line)} is out of stock`, {
      lineItemId: none.line.id,
      quantityAvailable: 0,
    });
  const few = short[0];
  if (few) {
    throw refuse(context, 428, 'PARTIAL_OUT_OF_STOCK', `Only ${few.left} of ${nameOf(few.line)} left, ${few.line.quantity} asked`, {
      lineItemId: few.line.id,
      quantityAvailable: few.left,
    });
  }
};

const refuseGiftCardPurchase = (context: Placing, checkout: Checkout, placement: Placement): void => {
  const line = (checkout.lineItems ?? []).find((candidate) => candidate.itemType?.preset === 'GIFT_CARD');
  if (!line) return;
  if (placement.couponCode)
    throw refuse(
      context,
      428,
      'COUPON_CANNOT_BE_USED_TO_PURCHASE_GIFT_CARD',
      `Coupon ${placement.couponCode} cannot pay for ${nameOf(line)}, a gift card`,
    );
  if (placement.giftCardCode)
    throw refuse(context, 428, 'GIFT_CARD_CANNOT_BE_USED_TO_PURCHASE_GIFT_CARD', `A gift card cannot pay for ${nameOf(line)}, a gift card`);
};

const refuseSubscription = (context: Placing, checkout: Checkout, placement: Placement): void => {
  const line = (checkout.lineItems ?? []).find((candidate) => candidate.subscriptionOptionInfo !== undefined);
  if (!line) return;
  if ((checkout.lineItems ?? []).length > 1)
    throw refuse(
      context,
      428,
      'SUBSCRIPTION_WITH_SEVERAL_LINE_ITEMS',
      `${nameOf(line)} is a subscription: it is bought alone, in a checkout of its own`,
    );
  if (placement.giftCardCode)
    throw refuse(context, 428, 'SUBSCRIPTION_WITH_GIFT_CARD', `A gift card cannot pay for ${nameOf(line)}, a subscription`);
  if (toCents(checkout.priceSummary?.total?.amount) === 0)
    throw refuse(context, 428, 'SUBSCRIPTION_WITH_ZERO_TOTAL', `${nameOf(line)} is a subscription: its total cannot be 0`);
  if (!placement.savePaymentMethod) {
    throw refuse(
      context,
      428,
      'NO_SAVE_PAYMENT_METHOD_CONFIRMATION',
      `${nameOf(line)} is a subscription: send savePaymentMethod true, the buyer's consent to keep the card for later charges`,
    );
  }
};

const refuseShipping = (context: Placing, checkout: Checkout, settings: SiteSettings): void => {
  if (!(checkout.lineItems ?? []).some((line) => line.physicalProperties?.shippable === true)) return;
  const destination = checkout.shippingInfo?.shippingDestination?.address;
  const selected = checkout.shippingInfo?.selectedCarrierServiceOption;
  if (!selected?.code) {
    if (destination) throw refuse(context, 428, 'NO_SELECTED_CARRIER_SERVICE_OPTION', 'Select a shipping option before placing the order.');
    return;
  }
  const option = shippingOptionNamed(settings, { code: selected.code, ...(selected.carrierId && { carrierId: selected.carrierId }) });
  if (!option || !offered(option) || (destination?.country !== undefined && !serves(option, destination.country))) {
    throw refuse(
      context,
      428,
      'SELECTED_CARRIER_SERVICE_OPTION_NO_LONGER_AVAILABLE',
      `${selected.title ?? selected.code} is no longer available: select another shipping option`,
      { code: selected.code },
    );
  }
};

/** Throws the platform's refusal of the first reason the checkout cannot become an order. */
export const refuseUnplaceableCheckout = async (
  context: Placing,
  checkout: Checkout,
  settings: SiteSettings,
  placement: Placement,
): Promise<void> => {
  await refuseStaleLines(context, checkout);
  refuseMembersOnly(context, checkout);
  await refuseMissingStock(context, checkout);
  refuseGiftCardPurchase(context, checkout, placement);
  refuseSubscription(context, checkout, placement);
  refuseShipping(context, checkout, settings);
};
