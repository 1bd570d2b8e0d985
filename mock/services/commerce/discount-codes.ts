// The coupon and gift card codes a request names must be ones the site has: the platform refuses an unknown one
// with 428 ERROR_COUPON_DOES_NOT_EXIST or GIFT_CARD_NOT_FOUND, and a known one it cannot use now with the code
// saying why (expired, not active yet, used up, already used by this buyer; an empty, expired or disabled card).
// A known coupon the purchase does not qualify for (a subtotal under its minimum) is kept and gives no discount;
// the answer's calculation errors say why, as they do when a later change takes the subtotal under it.
import { couponNamed, giftCardNamed } from '../../computations/commerce-totals';
import { toCents } from '../../computations/money';
import type { SiteSettings } from '../../engine/fixtures';
import { type CommerceCall, type Declaring, refuse } from './refusals';

/** What a gift card code is made of: letters, digits and dashes. */
const GIFT_CARD_CODE = /^[A-Za-z0-9-]+$/;

export const requireKnownCoupon = <
  K extends Declaring<
    428,
    | 'ERROR_COUPON_DOES_NOT_EXIST'
    | 'ERROR_COUPON_HAS_EXPIRED'
    | 'ERROR_COUPON_IS_NOT_ACTIVE_YET'
    | 'ERROR_COUPON_USAGE_EXCEEDED'
    | 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED'
  >,
>(
  context: CommerceCall<K>,
  settings: SiteSettings,
  code: string | undefined,
): void => {
  if (!code) return;
  const coupon = couponNamed(settings, code);
  if (!coupon) throw refuse(context, 428, 'ERROR_COUPON_DOES_NOT_EXIST', `${code} is not a coupon of the site`, { couponCode: code });
  const now = Date.parse(context.now());
  if (coupon.expirationDate && Date.parse(coupon.expirationDate) <= now) {
    throw refuse(context, 428, 'ERROR_COUPON_HAS_EXPIRED', `${coupon.code} expired on ${coupon.expirationDate}`, {
      couponCode: coupon.code,
    });
  }
  if (coupon.startDate && Date.parse(coupon.startDate) > now) {
    throw refuse(context, 428, 'ERROR_COUPON_IS_NOT_ACTIVE_YET', `${coupon.code} applies from ${coupon.startDate}`, {
      couponCode: coupon.code,
    });
  }
  if (coupon.usageLimit !== undefined && (coupon.timesUsed ?? 0) >= coupon.usageLimit) {
    throw refuse(context, 428, 'ERROR_COUPON_USAGE_EXCEEDED', `${coupon.code} was used ${coupon.usageLimit} times, its limit`, {
      couponCode: coupon.code,
    });
  }
  const buyer = context.identity?.id;
  const usesByBuyer = (coupon.usedBy ?? []).filter((id) => id === buyer).length;
  if (coupon.limitPerCustomer !== undefined && buyer !== undefined && usesByBuyer >= coupon.limitPerCustomer) {
    throw refuse(
      context,
      428,
      'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED',
      `${coupon.code} may be used ${coupon.limitPerCustomer} time(s) per customer; this buyer used it`,
      {
        couponCode: coupon.code,
      },
    );
  }
};

export const requireKnownGiftCard = <
  K extends Declaring<
    428,
    'GIFT_CARD_NOT_FOUND' | 'GIFT_CARD_CODE_INVALID' | 'GIFT_CARD_IS_EMPTY' | 'GIFT_CARD_EXPIRED' | 'GIFT_CARD_DISABLED'
  >,
>(
  context: CommerceCall<K>,
  settings: SiteSettings,
  code: string | undefined,
): void => {
  if (!code) return;
  if (!GIFT_CARD_CODE.test(code))
    throw refuse(context, 428, 'GIFT_CARD_CODE_INVALID', `${code} is not a gift card code: letters, digits and dashes only`);
  const card = giftCardNamed(settings, code);
  if (!card) throw refuse(context, 428, 'GIFT_CARD_NOT_FOUND', `${code} is not a gift card of the site`);
  if (card.disabled) throw refuse(context, 428, 'GIFT_CARD_DISABLED', `Gift card ${code} was disabled by the site`);
  if (card.expirationDate && Date.parse(card.expirationDate) <= Date.parse(context.now())) {
    throw refuse(context, 428, 'GIFT_CARD_EXPIRED', `Gift card ${code} expired on ${card.expirationDate}`);
  }
  if (toCents(card.balance) <= 0) throw refuse(context, 428, 'GIFT_CARD_IS_EMPTY', `Gift card ${code} has no balance left`);
};
