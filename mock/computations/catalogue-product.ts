// What the catalogue computes about a product from what the merchant set: prices after discount, cost and
// profit, ranges over variants, variants from the options' choices, stock status, slug and page URL, ribbons.
import type { SiteSettings } from '../engine/fixtures';
import type { PlatformSchema, Stored } from '../services/wire-types';
import { formatMoney, toCents, toNumber } from './money';
import { slugify } from './slug';

export type Product = Stored<PlatformSchema<'Product'>, 'id' | 'createdDate' | 'lastUpdated'>;
/** A product about to be completed and stored: its dates are set then. */
export type ProductDraft = PlatformSchema<'Product'> & { id: string };
export type ProductVariant = PlatformSchema<'ProductVariant'>;
type PriceData = PlatformSchema<'StoresPriceData'>;

/** The variant of a product without options, as the platform names it. */
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';

/** The price after the product's discount (`AMOUNT` off, or `PERCENT` off), never below zero. */
export const discounted = (priceCents: number, discount: Product['discount']): number => {
  if (!discount?.value) return priceCents;
  if (discount.type === 'AMOUNT') return Math.max(0, priceCents - toCents(discount.value));
  if (discount.type === 'PERCENT') return Math.max(0, Math.round(priceCents * (1 - discount.value / 100)));
  return priceCents;
};

export const priceData = (priceCents: number, discount: Product['discount'], currency: string): PriceData => {
  const after = discounted(priceCents, discount);
  return {
    currency,
    price: toNumber(priceCents),
    discountedPrice: toNumber(after),
    formatted: { price: formatMoney(priceCents, currency), discountedPrice: formatMoney(after, currency) },
  };
};

const costData = (costCents: number | undefined, sellCents: number, currency: string): Product['costAndProfitData'] => {
  if (costCents === undefined) return undefined;
  const profit = sellCents - costCents;
  return {
    itemCost: toNumber(costCents),
    formattedItemCost: formatMoney(costCents, currency),
    profit: toNumber(profit),
    formattedProfit: formatMoney(profit, currency),
    profitMargin: sellCents > 0 ? Math.min(1, Math.round((profit / sellCents) * 10_000) / 10_000) : 0,
  };
};

const range = (values: readonly number[]) => (values.length ? { minValue: Math.min(...values), maxValue: Math.max(...values) } : undefined);

/** Every combination of the options' choices, keyed by option name, valued by choice description. */
const combinations = (options: Product['productOptions']): Record<string, string>[] =>
  (options ?? []).reduce<Record<string, string>[]>(
    (all, option) =>
      all.flatMap((partial) =>
        (option.choices ?? []).map((choice) => ({ ...partial, [option.name ?? '']: choice.description ?? choice.value ?? '' })),
      ),
    [{}],
  );

const sameChoices = (a: Record<string, string> | undefined, b: Record<string, string>): boolean =>
  JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * The product with every computed field filled in from what is set. `previous` is the stored product, whose
 * variants keep their ids, prices and stock when the options still have their choices.
 */
export const completeProduct = (product: ProductDraft, settings: SiteSettings, now: string, newId: () => string): Product => {
  const currency = settings.currency;
  const priceCents = toCents(product.priceData?.price ?? product.price?.price ?? 0);
  const costCents = product.costAndProfitData?.itemCost === undefined ? undefined : toCents(product.costAndProfitData.itemCost);
  const productPrice = priceData(priceCents, product.discount, currency);
  const sellCents = toCents(productPrice.discountedPrice);
  const weight = product.weight;

  const choiceSets = product.productOptions?.length ? combinations(product.productOptions) : [{}];
  const stored = product.variants ?? [];
  const variants: ProductVariant[] = choiceSets.map((choices, index) => {
    const existing = stored.find((variant) => sameChoices(variant.choices, choices));
    const own = existing?.variant;
    const variantPriceCents = product.manageVariants && own?.priceData?.price !== undefined ? toCents(own.priceData.price) : priceCents;
    const variantPrice = priceData(variantPriceCents, product.discount, currency);
    const variantCost =
      product.manageVariants && own?.costAndProfitData?.itemCost !== undefined ? toCents(own.costAndProfitData.itemCost) : costCents;
    const quantity =
      existing?.stock?.quantity ??
      (product.stock?.trackInventory ? Math.floor((product.stock?.quantity ?? 0) / choiceSets.length) : undefined);
    const inStock = product.stock?.trackInventory ? (quantity ?? 0) > 0 : (existing?.stock?.inStock ?? product.stock?.inStock ?? true);
    return {
      id: existing?.id ?? (choiceSets.length === 1 && Object.keys(choices).length === 0 ? DEFAULT_VARIANT_ID : newId()),
      choices,
      variant: {
        priceData: variantPrice,
        convertedPriceData: variantPrice,
        ...(variantCost !== undefined && { costAndProfitData: costData(variantCost, toCents(variantPrice.discountedPrice), currency) }),
        ...((own?.weight ?? weight) !== undefined && { weight: own?.weight ?? weight }),
        ...((own?.sku ?? (index === 0 ? product.sku : undefined)) !== undefined && { sku: own?.sku ?? product.sku }),
        visible: own?.visible ?? true,
      },
      stock: {
        trackQuantity: product.stock?.trackInventory ?? false,
        ...(quantity !== undefined && { quantity }),
        inStock,
      },
    };
  });

  const tracked = product.stock?.trackInventory ?? false;
  const inStockCount = variants.filter((variant) => variant.stock?.inStock).length;
  const quantity = tracked ? variants.reduce((sum, variant) => sum + (variant.stock?.quantity ?? 0), 0) : undefined;
  const slug = product.slug || slugify(product.name ?? '') || 'product';
  const prices = variants.map((variant) => variant.variant?.priceData?.price ?? 0);
  const costs = variants.flatMap((variant) =>
    variant.variant?.costAndProfitData?.itemCost === undefined ? [] : [variant.variant.costAndProfitData.itemCost],
  );
  const weights = variants.flatMap((variant) => (variant.variant?.weight === undefined ? [] : [variant.variant.weight]));
  const productOptions = product.productOptions?.map((option) => ({
    ...option,
    optionType:
      option.optionType ?? (option.choices?.every((choice) => /^#[0-9a-f]{6}$/i.test(choice.value ?? '')) ? 'color' : 'drop_down'),
    choices: option.choices?.map((choice) => ({
      ...choice,
      visible: choice.visible ?? true,
      inStock: variants.some(
        (variant) => variant.choices?.[option.name ?? ''] === (choice.description ?? choice.value) && variant.stock?.inStock,
      ),
    })),
  }));

  return {
    ...product,
    slug,
    visible: product.visible ?? true,
    productType: product.productType ?? 'physical',
    price: productPrice,
    priceData: productPrice,
    convertedPriceData: productPrice,
    ...(costCents !== undefined && { costAndProfitData: costData(costCents, sellCents, currency) }),
    ...(range(prices) && { priceRange: range(prices) }),
    ...(range(costs) && { costRange: range(costs) }),
    ...(range(weights) && { weightRange: range(weights) }),
    stock: {
      trackInventory: tracked,
      ...(quantity !== undefined && { quantity: Math.min(quantity, 99_999) }),
      inStock: inStockCount > 0,
      inventoryStatus: inStockCount === 0 ? 'OUT_OF_STOCK' : inStockCount < variants.length ? 'PARTIALLY_OUT_OF_STOCK' : 'IN_STOCK',
    },
    ...(productOptions && { productOptions }),
    manageVariants: product.manageVariants ?? false,
    variants,
    ribbons: product.ribbon ? [{ text: product.ribbon }] : [],
    productPageUrl: { base: settings.siteUrl, path: `/product-page/${slug}` },
    discount: product.discount ?? { type: 'NONE', value: 0 },
    numericId: product.numericId ?? String(Date.parse(now) * 1000),
    inventoryItemId: product.inventoryItemId ?? newId(),
    collectionIds: product.collectionIds ?? [],
    media: product.media ?? { items: [] },
    createdDate: product.createdDate ?? now,
    lastUpdated: now,
  };
};

/** The variant a cart line or an availability check names: by id, or by the choices of its options. */
export const findVariant = (
  product: Product,
  options: { variantId?: string; options?: Record<string, string> } | undefined,
): ProductVariant | undefined => {
  const variants = product.variants ?? [];
  if (options?.variantId) return variants.find((variant) => variant.id === options.variantId);
  const wanted = options?.options;
  if (wanted && Object.keys(wanted).length > 0) {
    return variants.find((variant) => Object.entries(wanted).every(([name, choice]) => variant.choices?.[name] === choice));
  }
  return variants.length === 1 ? variants[0] : variants.find((variant) => variant.id === DEFAULT_VARIANT_ID);
};

/**
 * The first price of a completed product below zero (an adjustment can push one there), by its path; the
 * catalogue refuses such a change, as the platform does.
 */
export const negativePrice = (product: Product): string | undefined => {
  if ((product.priceData?.price ?? 0) < 0) return 'product.priceData.price';
  const index = product.variants?.findIndex((variant) => (variant.variant?.priceData?.price ?? 0) < 0) ?? -1;
  return index >= 0 ? `product.variants[${index}].variant.priceData.price` : undefined;
};

/** The catalogue's largest amount (prices, costs, weights). */
export const MAX_CATALOGUE_NUMBER = 999_999_999.99;

/**
 * The first number of a completed product that is not finite or beyond the catalogue's bounds (an adjustment or
 * a discount can push one there), by its path; undefined when every number is in range.
 */
export const outOfRange = (value: unknown, path = 'product'): string | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= MAX_CATALOGUE_NUMBER ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = outOfRange(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = outOfRange(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
};
