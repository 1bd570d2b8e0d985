// The coupon and gift card codes a request names must be ones the site has: the platform refuses an unknown one
// with 428 ERROR_COUPON_DOES_NOT_EXIST or GIFT_CARD_NOT_FOUND. A known coupon the purchase does not qualify for
// (a subtotal under its minimum) is kept and gives no discount; the answer's calculation errors say why, as they
// do when a later change takes the subtotal under it.
import { couponNamed, giftCardNamed } from '../../computations/commerce-totals';
import type { SiteSettings } from '../../engine/fixtures';
import { type CommerceCall, type Refusing, refusal } from './refusals';

export const requireKnownCoupon = <K extends Refusing<'couponDoesNotExist'>>(
  context: CommerceCall<K>,
  settings: SiteSettings,
  code: string | undefined,
): void => {
  if (code && !couponNamed(settings, code))
    throw refusal(context, 'couponDoesNotExist', `${code} is not a coupon of the site`, { couponCode: code });
};

export const requireKnownGiftCard = <K extends Refusing<'giftCardNotFound'>>(
  context: CommerceCall<K>,
  settings: SiteSettings,
  code: string | undefined,
): void => {
  if (code && !giftCardNamed(settings, code)) throw refusal(context, 'giftCardNotFound', `${code} is not a gift card of the site`);
};
