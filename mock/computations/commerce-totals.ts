// A purchase's totals from the site's fixture rules: subtotal, coupon and merchant discounts (spread over the
// lines), shipping (the options serving the destination, the selected or cheapest one, free from a threshold),
// tax (the most specific rule of the destination) and gift card. All in minor units.
import type { Coupon, GiftCard, ShippingOption, SiteSettings, TaxRule } from '../engine/fixtures';
import { percentOf, toCents } from './money';

export interface PricingLine {
  readonly id: string;
  readonly unitCents: number;
  readonly quantity: number;
  readonly shippable: boolean;
}

export interface Destination {
  readonly country?: string;
  readonly subdivision?: string;
}

export interface MerchantDiscountInput {
  readonly kind?: 'AMOUNT' | 'PERCENT';
  readonly amountCents?: number;
  readonly percentage?: number;
}

export interface TotalsInput {
  readonly lines: readonly PricingLine[];
  readonly settings: SiteSettings;
  readonly couponCode?: string;
  readonly merchantDiscounts?: readonly MerchantDiscountInput[];
  /** Where the goods go (shipping and tax); without it, no shipping and no tax are computed. */
  readonly destination?: Destination;
  readonly selectedShipping?: { readonly carrierId?: string; readonly code?: string };
  readonly giftCardCode?: string;
  readonly calculateTax?: boolean;
  readonly calculateShipping?: boolean;
}

export interface ShippingQuote {
  readonly option: ShippingOption;
  readonly priceCents: number;
}

export interface Totals {
  readonly subtotal: number;
  readonly couponDiscount: number;
  readonly merchantDiscount: number;
  readonly discount: number;
  readonly afterDiscounts: number;
  readonly shipping: number;
  readonly tax: number;
  readonly taxRule: TaxRule | undefined;
  readonly total: number;
  readonly giftCardAmount: number;
  readonly payNow: number;
  readonly coupon: Coupon | undefined;
  /** Why the coupon asked for does not apply (unknown code, subtotal under its minimum). */
  readonly couponError: string | undefined;
  readonly giftCard: GiftCard | undefined;
  readonly giftCardError: string | undefined;
  readonly quotes: readonly ShippingQuote[];
  readonly selected: ShippingQuote | undefined;
  /** Each line's share of the discount, and of the tax. */
  readonly lineDiscount: ReadonlyMap<string, number>;
  readonly lineTax: ReadonlyMap<string, number>;
}

/** The option ships to the country (any country for `*`). */
export const serves = (option: ShippingOption, country: string | undefined): boolean =>
  option.countries.includes('*') || (country !== undefined && option.countries.includes(country));

/** The site still offers the option (it was not discontinued). */
export const offered = (option: ShippingOption): boolean => option.discontinuedDate === undefined;

/** The most specific tax rule for a destination: subdivision, then country, then `*`. */
export const taxRuleFor = (rules: readonly TaxRule[], destination: Destination | undefined): TaxRule | undefined => {
  if (!destination?.country) return undefined;
  return (
    rules.find(
      (rule) => rule.country === destination.country && rule.subdivision !== undefined && rule.subdivision === destination.subdivision,
    ) ??
    rules.find((rule) => rule.country === destination.country && rule.subdivision === undefined) ??
    rules.find((rule) => rule.country === '*')
  );
};

/** Spreads an amount over lines in proportion to their totals; the last line takes the rounding. */
const spread = (amount: number, lines: readonly PricingLine[]): Map<string, number> => {
  const shares = new Map<string, number>();
  const base = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  let left = amount;
  lines.forEach((line, index) => {
    const share = index === lines.length - 1 ? left : base > 0 ? Math.round((amount * line.unitCents * line.quantity) / base) : 0;
    shares.set(line.id, share);
    left -= share;
  });
  return shares;
};

/** The site's coupon of that code (codes compare without case), if it has one. */
export const couponNamed = (settings: SiteSettings, code: string): Coupon | undefined =>
  settings.coupons.find((candidate) => candidate.code.toUpperCase() === code.toUpperCase());

/** The site's gift card of that code, if it has one. */
export const giftCardNamed = (settings: SiteSettings, code: string): GiftCard | undefined =>
  settings.giftCards.find((card) => card.code === code);

export const computeTotals = (input: TotalsInput): Totals => {
  const { settings, lines } = input;
  const subtotal = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);

  const coupon = input.couponCode ? couponNamed(settings, input.couponCode) : undefined;
  let couponError: string | undefined;
  if (input.couponCode && !coupon) couponError = `${input.couponCode} is not a coupon of the site`;
  else if (coupon?.minimumSubtotal && subtotal < toCents(coupon.minimumSubtotal))
    couponError = `${coupon.code} needs a subtotal of at least ${coupon.minimumSubtotal}`;
  const applied = coupon && !couponError ? coupon : undefined;
  const couponDiscount = Math.min(
    subtotal,
    applied ? (applied.percentOff !== undefined ? percentOf(subtotal, applied.percentOff / 100) : toCents(applied.amountOff)) : 0,
  );

  const merchantDiscount = Math.min(
    subtotal - couponDiscount,
    (input.merchantDiscounts ?? []).reduce(
      (sum, discount) =>
        sum + (discount.kind === 'PERCENT' ? percentOf(subtotal, (discount.percentage ?? 0) / 100) : (discount.amountCents ?? 0)),
      0,
    ),
  );
  const discount = couponDiscount + merchantDiscount;
  const afterDiscounts = subtotal - discount;

  const shippable = lines.some((line) => line.shippable);
  const country = input.destination?.country;
  const quotes: ShippingQuote[] =
    shippable && input.calculateShipping !== false && country
      ? settings.shippingOptions
          .filter((option) => offered(option) && serves(option, country))
          .map((option) => ({
            option,
            priceCents: option.freeFrom !== undefined && afterDiscounts >= toCents(option.freeFrom) ? 0 : toCents(option.price),
          }))
      : [];
  const wanted = input.selectedShipping;
  const selected =
    quotes.find((quote) => wanted?.code === quote.option.code && (!wanted.carrierId || wanted.carrierId === quote.option.carrierId)) ??
    [...quotes].sort((a, b) => a.priceCents - b.priceCents)[0];
  const shipping = selected?.priceCents ?? 0;

  const taxRule = input.calculateTax === false ? undefined : taxRuleFor(settings.taxRules, input.destination);
  const taxable = afterDiscounts + shipping;
  const tax = taxRule && !settings.taxIncludedInPrices ? percentOf(taxable, taxRule.rate) : 0;
  const total = afterDiscounts + shipping + tax;

  const giftCard = input.giftCardCode ? giftCardNamed(settings, input.giftCardCode) : undefined;
  const giftCardError = input.giftCardCode && !giftCard ? `${input.giftCardCode} is not a gift card of the site` : undefined;
  const giftCardAmount = giftCard ? Math.min(total, toCents(giftCard.balance)) : 0;

  const lineDiscount = spread(discount, lines);
  const lineTax = spread(taxRule && !settings.taxIncludedInPrices ? percentOf(afterDiscounts, taxRule.rate) : 0, lines);
  return {
    subtotal,
    couponDiscount,
    merchantDiscount,
    discount,
    afterDiscounts,
    shipping,
    tax,
    taxRule,
    total,
    giftCardAmount,
    payNow: total - giftCardAmount,
    coupon: applied,
    couponError,
    giftCard,
    giftCardError,
    quotes,
    selected,
    lineDiscount,
    lineTax,
  };
};
