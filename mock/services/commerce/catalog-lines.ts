// Line items as the catalogue prices them: a catalog reference (product, variant by id or by choices, a
// subscription option) becomes a cart line with name, price, image, description lines, availability, physical
// properties and what the site set up for the product (members only, sold as a gift card, a subscription);
// custom line items keep what the caller sent. Unknown items are refused, naming the field.
import { findVariant } from '../../computations/catalogue-product';
import { multiCurrencyPrice, toCents } from '../../computations/money';
import { invalidField } from '../../engine/failure';
import type { SiteSettings } from '../../engine/fixtures';
import type { CallContext } from '../../engine/service-table';
import type { SessionStore } from '../../engine/store';
import { STORES_APP_ID } from '../platform/recommendations';
import { COLLECTIONS } from '../records';
import type { CommerceSchema } from '../wire-types';

export type CartLineItem = CommerceSchema<'CartLineItem'>;
type CatalogReference = CommerceSchema<'CatalogReference'>;
type CustomLineItem = CommerceSchema<'CheckoutCustomLineItem'>;

export interface LineRequest {
  readonly quantity?: number;
  readonly catalogReference?: CatalogReference;
}

const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
};

/** Two references name the same purchasable item (same product, same options). */
export const sameItem = (a: CatalogReference | undefined, b: CatalogReference | undefined): boolean =>
  a?.catalogItemId === b?.catalogItemId && a?.appId === b?.appId && sameValue(a?.options ?? {}, b?.options ?? {});

/** A cart line for a catalogue item, priced from the product (and its variant). */
export const catalogLine = async (
  store: SessionStore,
  settings: SiteSettings,
  request: LineRequest,
  field: string,
  id: string,
): Promise<CartLineItem> => {
  // Every request schema with catalogue lines requires their catalogReference.
  const reference = request.catalogReference as CatalogReference;
  if (reference.appId !== STORES_APP_ID)
    throw invalidField(`${field}.catalogReference.appId`, `only the stores catalogue (${STORES_APP_ID}) has items in this mock`);
  const product = await store.get(COLLECTIONS.products, reference.catalogItemId);
  if (!product || product.visible === false)
    throw invalidField(`${field}.catalogReference.catalogItemId`, `${reference.catalogItemId} is not a product of the catalogue`);
  const options = reference.options as { variantId?: string; options?: Record<string, string>; subscriptionOptionId?: string } | undefined;
  const variant = findVariant(product, options);
  if (!variant) throw invalidField(`${field}.catalogReference.options`, `names no variant of ${product.name}`);
  const subscription = options?.subscriptionOptionId
    ? settings.subscriptionOptions?.find((option) => option.id === options.subscriptionOptionId && option.productIds.includes(product.id))
    : undefined;
  if (options?.subscriptionOptionId && !subscription)
    throw invalidField(`${field}.catalogReference.options.subscriptionOptionId`, `names no subscription option of ${product.name}`);
  const giftCard = settings.giftCardProductIds?.includes(product.id) === true;
  const quantity = request.quantity ?? 1;
  const currency = settings.currency;
  const price = toCents(variant.variant?.priceData?.discountedPrice ?? product.priceData?.discountedPrice);
  const full = toCents(variant.variant?.priceData?.price ?? product.priceData?.price);
  const image = product.media?.mainMedia?.image;
  const tracked = variant.stock?.trackQuantity === true;
  const available = variant.stock?.quantity;
  const status =
    variant.stock?.inStock === false
      ? 'NOT_AVAILABLE'
      : tracked && available !== undefined && available < quantity
        ? 'PARTIALLY_AVAILABLE'
        : 'AVAILABLE';
  const colorOption = new Set(product.productOptions?.filter((option) => option.optionType === 'color').map((option) => option.name));
  return {
    id,
    quantity,
    catalogReference: reference,
    productName: { original: product.name ?? 'Product', translated: product.name ?? 'Product' },
    url: { relativePath: `/product-page/${product.slug}`, url: `${settings.siteUrl.replace(/\/+$/, '')}/product-page/${product.slug}` },
    price: multiCurrencyPrice(price, currency),
    fullPrice: multiCurrencyPrice(full, currency),
    priceBeforeDiscounts: multiCurrencyPrice(price, currency),
    lineItemPrice: multiCurrencyPrice(price * quantity, currency),
    descriptionLines: Object.entries(variant.choices ?? {}).map(([name, value]) =>
      colorOption.has(name)
        ? {
            name: { original: name, translated: name },
            colorInfo: {
              original: value,
              translated: value,
              code:
                product.productOptions?.find((option) => option.name === name)?.choices?.find((choice) => choice.description === value)
                  ?.value ?? '#000000',
            },
            lineType: 'COLOR' as const,
          }
        : {
            name: { original: name, translated: name },
            plainText: { original: value, translated: value },
            lineType: 'PLAIN_TEXT' as const,
          },
    ),
    ...(image?.url && {
      image: {
        id: product.media?.mainMedia?.id ?? '',
        url: image.url,
        ...(image.width && { width: image.width }),
        ...(image.height && { height: image.height }),
        ...(image.altText && { altText: image.altText }),
      },
    }),
    availability: { status, ...(tracked && available !== undefined && { quantityAvailable: Math.max(0, available) }) },
    physicalProperties: {
      ...((variant.variant?.weight ?? product.weight) !== undefined && { weight: variant.variant?.weight ?? product.weight }),
      ...((variant.variant?.sku ?? product.sku) && { sku: variant.variant?.sku ?? product.sku }),
      shippable: product.productType !== 'digital',
    },
    itemType: { preset: giftCard ? 'GIFT_CARD' : product.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL' },
    ...(subscription && {
      subscriptionOptionInfo: {
        subscriptionSettings: {
          frequency: subscription.frequency,
          interval: subscription.interval ?? 1,
          autoRenewal: subscription.autoRenewal,
          enableCustomerCancellation: true,
        },
        title: { original: subscription.title, translated: subscription.title },
        ...(subscription.description && { description: { original: subscription.description, translated: subscription.description } }),
      },
      savePaymentMethod: true,
      consentRequiredPaymentPolicy: `You will be charged ${multiCurrencyPrice(price, currency).formattedAmount} every ${subscription.frequency.toLowerCase()} until you cancel.`,
    }),
    ...(settings.membersOnlyProductIds?.includes(product.id) && { membersOnly: true }),
    paymentOption: 'FULL_PAYMENT_ONLINE',
    rootCatalogItemId: product.id,
    customLineItem: false,
  };
};

/** A cart line for a custom line item: its own name and price, no catalogue behind it. */
export const customLine = (item: CustomLineItem, settings: SiteSettings, id: string, _field: string): CartLineItem => {
  const quantity = item.quantity ?? 1;
  const price = toCents(item.price);
  return {
    id,
    quantity,
    ...(item.catalogReference && { catalogReference: item.catalogReference }),
    productName: { original: item.productName.original, translated: item.productName.translated ?? item.productName.original },
    price: multiCurrencyPrice(price, settings.currency),
    fullPrice: multiCurrencyPrice(item.fullPrice === undefined ? price : toCents(item.fullPrice), settings.currency),
    priceBeforeDiscounts: multiCurrencyPrice(price, settings.currency),
    lineItemPrice: multiCurrencyPrice(price * quantity, settings.currency),
    descriptionLines: item.descriptionLines ?? [],
    availability: { status: 'AVAILABLE' },
    physicalProperties: { shippable: item.physicalProperties?.shippable ?? false, ...item.physicalProperties },
    itemType: item.itemType ?? { preset: 'DIGITAL' },
    paymentOption: item.paymentOption ?? 'FULL_PAYMENT_ONLINE',
    customLineItem: true,
  };
};

/** The line with a new quantity, its line price following. */
export const withQuantity = (line: CartLineItem, quantity: number, currency: string): CartLineItem => ({
  ...line,
  quantity,
  lineItemPrice: multiCurrencyPrice(toCents(line.price?.amount) * quantity, currency),
});

/** The priced lines a request asks for: catalogue items and custom ones. */
export const requestedLines = async (
  context: CallContext,
  settings: SiteSettings,
  lineItems: readonly { quantity?: number; catalogReference?: CommerceSchema<'CatalogReference'> }[] = [],
  customLineItems: readonly CommerceSchema<'CheckoutCustomLineItem'>[] = [],
): Promise<CartLineItem[]> => {
  const lines: CartLineItem[] = [];
  for (const [index, item] of lineItems.entries())
    lines.push(await catalogLine(context.store, settings, item, `lineItems[${index}]`, context.newId()));
  customLineItems.forEach((item, index) => lines.push(customLine(item, settings, context.newId(), `customLineItems[${index}]`)));
  return lines;
};

/** The catalogue's item a line names as it is now (price, stock); undefined when the catalogue no longer sells it (gone or hidden). */
export const catalogueItemNow = async (store: SessionStore, reference: CatalogReference | undefined) => {
  if (!reference || reference.appId !== STORES_APP_ID) return undefined;
  const product = await store.get(COLLECTIONS.products, reference.catalogItemId);
  if (!product || product.visible === false) return undefined;
  const variant = findVariant(product, reference.options as { variantId?: string; options?: Record<string, string> } | undefined);
  if (!variant) return undefined;
  const stock = variant.stock;
  return {
    product,
    unitCents: toCents(variant.variant?.priceData?.discountedPrice ?? product.priceData?.discountedPrice),
    /** How many are left; undefined when the product does not track its quantity (0 once it is out of stock). */
    left: stock?.inStock === false ? 0 : stock?.trackQuantity === true ? Math.max(0, stock.quantity ?? 0) : undefined,
  };
};
