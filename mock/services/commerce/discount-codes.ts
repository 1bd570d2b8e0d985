// The coupon and gift card codes a request names must be ones the site has: the platform refuses an unknown one
// with 428 ERROR_COUPON_DOES_NOT_EXIST or GIFT_CARD_NOT_FOUND, and a known one it cannot use now with the code
// saying why (expired, not active yet, used up, already used by this buyer; an empty, expired or disabled card).
// A known coupon the purchase does not qualify for (a subtotal under its minimum) is kept and gives no discount;
// the answer's calculation errors say why, as they do when a later change takes the subtotal under it.
import { couponNamed, giftCardNamed } from '../../computations/commerce-totals';
import { toCents } from '../../computations/money';
import type { SiteSettings } from '../../engine/fixtures';
import { type CommerceCall, type Refusing, refusal } from './refusals';

type CouponRefusal = 'couponDoesNotExist' | 'couponHasExpired' | 'couponNotActiveYet' | 'couponUsageExceeded' | 'couponLimitPerCustomer';
type GiftCardRefusal = 'giftCardNotFound' | 'giftCardCodeInvalid' | 'giftCardIsEmpty' | 'giftCardExpired' | 'giftCardDisabled';

/** What a gift card code is made of: letters, digits and dashes. */
const GIFT_CARD_CODE = /^[A-Za-z0-9-]+$/;

export const requireKnownCoupon = <K extends Refusing<CouponRefusal>>(
  context: CommerceCall<K>,
  settings: SiteSettings,
  code: string | undefined,
): void => {
  if (!code) return;
  const coupon = couponNamed(settings, code);
  if (!coupon) throw refusal(context, 'couponDoesNotExist', `${code} is not a coupon of the site`, { couponCode: code });
  const now = Date.parse(context.now());
  if (coupon.expirationDate && Date.parse(coupon.expirationDate) <= now) {
    throw refusal(context, 'couponHasExpired', `${coupon.code} expired on ${coupon.expirationDate}`, { couponCode: coupon.code });
  }
  if (coupon.startDate && Date.parse(coupon.startDate) > now) {
    throw refusal(context, 'couponNotActiveYet', `${coupon.code} applies from ${coupon.startDate}`, { couponCode: coupon.code });
  }
  if (coupon.usageLimit !== undefined && (coupon.timesUsed ?? 0) >= coupon.usageLimit) {
    throw refusal(context, 'couponUsageExceeded', `${coupon.code} was used ${coupon.usageLimit} times, its limit`, {
      couponCode: coupon.code,
    });
  }
  const buyer = context.identity?.id;
  const usesByBuyer = (coupon.usedBy ?? []).filter((id) => id === buyer).length;
  if (coupon.limitPerCustomer !== undefined && buyer !== undefined && usesByBuyer >= coupon.limitPerCustomer) {
    throw refusal(
      context,
      'couponLimitPerCustomer',
      `${coupon.code} may be used ${coupon.limitPerCustomer} time(s) per customer; this buyer used it`,
      {
        couponCode: coupon.code,
      },
    );
  }
};

export const requireKnownGiftCard = <K extends Refusing<GiftCardRefusal>>(
  context: CommerceCall<K>,
  settings: SiteSettings,
  code: string | undefined,
): void => {
  if (!code) return;
  if (!GIFT_CARD_CODE.test(code))
    throw refusal(context, 'giftCardCodeInvalid', `${code} is not a gift card code: letters, digits and dashes only`);
  const card = giftCardNamed(settings, code);
  if (!card) throw refusal(context, 'giftCardNotFound', `${code} is not a gift card of the site`);
  if (card.disabled) throw refusal(context, 'giftCardDisabled', `Gift card ${code} was disabled by the site`);
  if (card.expirationDate && Date.parse(card.expirationDate) <= Date.parse(context.now())) {
    throw refusal(context, 'giftCardExpired', `Gift card ${code} expired on ${card.expirationDate}`);
  }
  if (toCents(card.balance) <= 0) throw refusal(context, 'giftCardIsEmpty', `Gift card ${code} has no balance left`);
};
