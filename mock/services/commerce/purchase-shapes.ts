// Computed totals in the wire shapes carts, checkouts and estimates share: price summary, shipping info with
// the carrier options, applied discounts, tax summary, gift card, and the checkout's line items.
import type { ShippingQuote, Totals } from '../../computations/commerce-totals';
import { multiCurrencyPrice, toCents } from '../../computations/money';
import type { CommerceSchema } from '../wire-types';
import type { CartLineItem } from './catalog-lines';

type Address = CommerceSchema<'Address'>;
export type CheckoutLineItem = CommerceSchema<'CheckoutLineItem'>;

export const priceSummary = (totals: Totals, currency: string, payable = totals.total) => ({
  subtotal: multiCurrencyPrice(totals.subtotal, currency),
  shipping: multiCurrencyPrice(totals.shipping, currency),
  tax: multiCurrencyPrice(totals.tax, currency),
  discount: multiCurrencyPrice(totals.discount, currency),
  total: multiCurrencyPrice(payable, currency),
  additionalFees: multiCurrencyPrice(0, currency),
});

const quoteOption = (quote: ShippingQuote, currency: string) => ({
  code: quote.option.code,
  title: quote.option.title,
  logistics: {
    ...(quote.option.deliveryTime && { deliveryTime: quote.option.deliveryTime }),
    ...(quote.option.pickupAddress && {
      pickupDetails: { address: quote.option.pickupAddress, businessLocation: true, pickupMethod: 'STORE_PICKUP' as const },
    }),
  },
  cost: { price: multiCurrencyPrice(quote.priceCents, currency), otherCharges: [] },
});

/** ShippingInfo: where to, the option chosen (priced before and after tax) and every option that serves it. */
export const shippingInfo = (
  totals: Totals,
  currency: string,
  destination: Address | undefined,
  contact?: CommerceSchema<'FullAddressContactDetails'>,
) => {
  const carriers = new Map<string, ShippingQuote[]>();
  for (const quote of totals.quotes) carriers.set(quote.option.carrierId, [...(carriers.get(quote.option.carrierId) ?? []), quote]);
  const selected = totals.selected;
  const shippingTax = selected && totals.taxRule ? Math.round(selected.priceCents * Number(totals.taxRule.rate)) : 0;
  return {
    ...(destination && { shippingDestination: { address: destination, ...(contact && { contactDetails: contact }) } }),
    ...(selected && {
      selectedCarrierServiceOption: {
        ...quoteOption(selected, currency),
        cost: {
          price: multiCurrencyPrice(selected.priceCents, currency),
          totalPriceBeforeTax: multiCurrencyPrice(selected.priceCents, currency),
          totalPriceAfterTax: multiCurrencyPrice(selected.priceCents + shippingTax, currency),
          totalDiscount: multiCurrencyPrice(0, currency),
        },
        requestedShippingOption: true,
        otherCharges: [],
        carrierId: selected.option.carrierId,
      },
    }),
    carrierServiceOptions: [...carriers.entries()].map(([carrierId, quotes]) => ({
      carrierId,
      shippingOptions: quotes.map((quote) => quoteOption(quote, currency)),
    })),
  };
};

/** The discounts applied: the coupon (with its amount) and merchant discounts. */
export const appliedDiscounts = (totals: Totals, currency: string) => [
  ...(totals.coupon
    ? [
        {
          discountType: 'GLOBAL' as const,
          coupon: {
            id: totals.coupon.id,
            code: totals.coupon.code,
            name: totals.coupon.name,
            amount: multiCurrencyPrice(totals.couponDiscount, currency),
          },
        },
      ]
    : []),
  ...(totals.merchantDiscount > 0
    ? [
        {
          discountType: 'GLOBAL' as const,
          merchantDiscount: { kind: 'AMOUNT' as const, amount: multiCurrencyPrice(totals.merchantDiscount, currency) },
        },
      ]
    : []),
];

export const taxSummary = (totals: Totals, currency: string) => ({
  taxableAmount: multiCurrencyPrice(totals.taxRule ? totals.afterDiscounts + totals.shipping : 0, currency),
  totalTax: multiCurrencyPrice(totals.tax, currency),
  calculationDetails: {
    rateType: totals.taxRule ? ('MANUAL_RATE' as const) : ('NO_TAX_COLLECTED' as const),
    ...(totals.taxRule && { manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' as const }),
  },
});

export const giftCardOf = (totals: Totals, currency: string) =>
  totals.giftCard
    ? {
        id: totals.giftCard.id,
        obfuscatedCode: `****${totals.giftCard.code.slice(-4)}`,
        amount: multiCurrencyPrice(totals.giftCardAmount, currency),
        requestedAmount: multiCurrencyPrice(totals.giftCardAmount, currency),
      }
    : undefined;

/** Errors of a calculation the platform reports inside the answer, not as a failure (an unknown coupon...). */
export const calculationErrors = (totals: Totals) => ({
  ...(totals.couponError && {
    couponCalculationError: { applicationError: { code: 'COUPON_NOT_APPLICABLE', description: totals.couponError } },
  }),
  ...(totals.giftCardError && {
    giftCardCalculationError: { applicationError: { code: 'GIFT_CARD_NOT_FOUND', description: totals.giftCardError } },
  }),
});

/** A cart line as a checkout line, with its share of discount and tax. */
export const checkoutLine = (line: CartLineItem, totals: Totals, currency: string): CheckoutLineItem => {
  const id = line.id as string;
  const lineTotal = toCents(line.price?.amount) * (line.quantity ?? 1);
  const discount = totals.lineDiscount.get(id) ?? 0;
  const tax = totals.lineTax.get(id) ?? 0;
  const { image, lineItemPrice: _lineItemPrice, availability: _availability, ...rest } = line;
  return {
    ...rest,
    lineItemPrice: multiCurrencyPrice(lineTotal, currency),
    totalPriceBeforeTax: multiCurrencyPrice(lineTotal - discount, currency),
    totalPriceAfterTax: multiCurrencyPrice(lineTotal - discount + tax, currency),
    taxDetails: {
      taxableAmount: multiCurrencyPrice(totals.taxRule ? lineTotal - discount : 0, currency),
      taxRate: totals.taxRule?.rate ?? '0',
      totalTax: multiCurrencyPrice(tax, currency),
    },
    discount: multiCurrencyPrice(discount, currency),
    ...(image && { media: image }),
  } as CheckoutLineItem;
};

/** A checkout line back as the cart line it was made of (to price it again). */
export const cartLineOf = (line: CheckoutLineItem): CartLineItem => {
  const { media, totalPriceAfterTax: _after, totalPriceBeforeTax: _before, taxDetails: _tax, discount: _discount, ...rest } = line;
  return { ...(rest as CartLineItem), ...(media && { image: media }) };
};
