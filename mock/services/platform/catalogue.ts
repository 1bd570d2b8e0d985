// Catalogue (stores v1): products and their variants, options, choices media, brand and ribbon, bulk updates and
// the product queries (offset paging, default 50, with the query language). Writes are the merchant's; visitors
// read visible products without merchant data (cost and profit).
import {
  completeProduct,
  DEFAULT_VARIANT_ID,
  findVariant,
  MAX_CATALOGUE_NUMBER,
  negativePrice,
  outOfRange,
  type Product,
  type ProductDraft,
  type ProductVariant,
} from '../../computations/catalogue-product';
import { toCents, toNumber } from '../../computations/money';
import { offsetPage } from '../../computations/paging';
import { query, readFilter, readSort } from '../../computations/query-language';
import { invalidField, ValidationFailure } from '../../engine/failure';
import { readSettings } from '../../engine/fixtures';
import type { Identity } from '../../engine/identity';
import { type CallContext, defineService } from '../../engine/service-table';
import type { SessionStore } from '../../engine/store';
import { bulkAnswer, itemResult } from '../bulk-results';
import { undeclaredEvent } from '../event-types';
import { COLLECTIONS, saveAndEmit } from '../records';
import type { PlatformBody, PlatformSchema } from '../wire-types';
import { type Declaring, notFound, type PlatformCall } from './refusals';

// The contract declares no webhook for products; the mock records their changes all the same.
const PRODUCT_EVENTS = {
  created: undeclaredEvent('com.wix.ecommerce.catalog.api.v1.ProductCreated', 'wix.stores.catalog.v1.product', 'product_created'),
  changed: undeclaredEvent('com.wix.ecommerce.catalog.api.v1.ProductChanged', 'wix.stores.catalog.v1.product', 'product_changed'),
  deleted: undeclaredEvent('com.wix.ecommerce.catalog.api.v1.ProductDeleted', 'wix.stores.catalog.v1.product', 'product_deleted'),
  variantsChanged: undeclaredEvent('com.wix.ecommerce.catalog.api.v1.VariantsChanged', 'wix.stores.catalog.v1.product', 'variants_changed'),
} as const;

/** Fields the query language names differently from where the product keeps them. */
const PRODUCT_FIELDS: Readonly<Record<string, string>> = {
  price: 'priceData.price',
  discountedPrice: 'priceData.discountedPrice',
  inStock: 'stock.inStock',
  quantity: 'stock.quantity',
  'collections.id': 'collectionIds',
  collectionId: 'collectionIds',
};

export const readProduct = (store: SessionStore, id: string): Promise<Product | undefined> => store.get(COLLECTIONS.products, id);

const productOr404 = async <K extends Declaring<404, 'NOT_FOUND'>>(context: PlatformCall<K>, id: string): Promise<Product> => {
  const product = await readProduct(context.store, id);
  if (!product) throw notFound(context, 'Product', id);
  return product;
};

/** A product as a caller may see it: merchant data only for the merchant who asks for it. */
export const productView = (product: Product, withMerchantData: boolean): Product => {
  if (withMerchantData) return product;
  const { costAndProfitData: _cost, costRange: _range, ...rest } = product;
  return {
    ...rest,
    variants: product.variants?.map((variant) => {
      const { costAndProfitData: _variantCost, ...data } = variant.variant ?? {};
      return { ...variant, variant: data };
    }),
  };
};

const visibleTo = (identity: Identity | undefined, product: Product): boolean => identity?.role === 'merchant' || product.visible !== false;

/** Completes a product to store: its computed fields, its numbers in range (a 400 names the one beyond). */
const completed = async (context: CallContext, product: ProductDraft): Promise<Product> => {
  const settings = await readSettings(context.store);
  const complete = completeProduct(product, settings, context.now(), context.newId);
  const beyond = outOfRange(complete);
  if (beyond) throw invalidField(beyond, `would be beyond ±${MAX_CATALOGUE_NUMBER} (or not a number) after this change`, 'MAX');
  const negative = negativePrice(complete);
  if (negative) throw invalidField(negative, 'would be below 0 after this change', 'MIN');
  return complete;
};

/** Completes and stores a product; answers what was stored. */
export const saveProduct = async (context: CallContext, product: ProductDraft): Promise<Product> => {
  const complete = await completed(context, product);
  await context.store.put(COLLECTIONS.products, complete.id as string, complete);
  return complete;
};

/** Completes and stores a product and emits ProductChanged naming `fields`; answers what was stored. */
const saveChanged = async (context: CallContext, product: ProductDraft, fields: string[]): Promise<Product> => {
  const complete = await completed(context, product);
  return saveAndEmit(context, COLLECTIONS.products, complete, PRODUCT_EVENTS.changed, {
    actionEvent: { body: { productId: complete.id, changedFields: fields } },
  });
};

/** Applies `change` to a stored product, saves it and emits ProductChanged; answers the saved product. */
const updateStored = async <K extends Declaring<404, 'NOT_FOUND'>>(
  context: PlatformCall<K>,
  id: string,
  fields: string[],
  change: (product: Product) => Product,
): Promise<Product> => {
  return saveChanged(context, change(await productOr404(context, id)), fields);
};

const mediaItem = (source: { mediaId?: string; url?: string }, newId: () => string): PlatformSchema<'StoresMediaItem'> => {
  const id = source.mediaId ?? newId();
  // A media id is the client's text: encoded, the URL stays a URI whatever the id holds.
  const url = source.url ?? `https://static.wixstatic.com/media/${encodeURIComponent(id)}`;
  return { id, mediaType: 'image', image: { url, width: 1000, height: 1000 }, thumbnail: { url, width: 50, height: 50 } };
};

const withMainMedia = (media: Product['media']): Product['media'] => {
  const items = media?.items ?? [];
  return { ...(items[0] && { mainMedia: items[0] }), items };
};

type ChoiceMedia = NonNullable<PlatformBody<'addProductMediaToChoices'>['media']>[number];

const assignChoiceMedia = (product: Product, assignments: readonly ChoiceMedia[], add: boolean): Product => {
  const options = product.productOptions ?? [];
  assignments.forEach((assignment, index) => {
    const option = options.find((candidate) => candidate.name === assignment.option);
    if (!option) throw invalidField(`media[${index}].option`, `${assignment.option} is not an option of the product`);
    const choice = option.choices?.find((candidate) => (candidate.description ?? candidate.value) === assignment.choice);
    if (!choice) throw invalidField(`media[${index}].choice`, `${assignment.choice} is not a choice of ${assignment.option}`);
  });
  return {
    ...product,
    productOptions: options.map((option) => ({
      ...option,
      choices: option.choices?.map((choice) => {
        const mine = assignments.filter((a) => a.option === option.name && a.choice === (choice.description ?? choice.value));
        if (mine.length === 0) return choice;
        const ids = mine.flatMap((a) => a.mediaIds ?? []);
        const current = choice.media?.items ?? [];
        const items = add
          ? [
              ...current,
              ...ids
                .filter((id) => !current.some((item) => item.id === id))
                .map((id) => product.media?.items?.find((item) => item.id === id) ?? mediaItem({ mediaId: id }, () => id)),
            ]
          : current.filter((item) => !ids.includes(item.id ?? ''));
        return { ...choice, media: withMainMedia({ items }) };
      }),
    })),
  };
};

type VariantOverride = PlatformSchema<'VariantOverride'>;

const overrideVariant = (variant: ProductVariant, override: VariantOverride): ProductVariant => ({
  ...variant,
  variant: {
    ...variant.variant,
    ...(override.price !== undefined && { priceData: { ...variant.variant?.priceData, price: override.price } }),
    ...(override.cost !== undefined && { costAndProfitData: { ...variant.variant?.costAndProfitData, itemCost: override.cost } }),
    ...(override.weight !== undefined && { weight: override.weight }),
    ...(override.sku !== undefined && { sku: override.sku }),
    ...(override.visible !== undefined && { visible: override.visible }),
    ...(override.productDimensions && { productDimensions: override.productDimensions }),
    ...(override.packageDimensions && { packageDimensions: override.packageDimensions }),
  },
});

type Adjustment = PlatformSchema<'PropertyAdjustmentData'>;

const adjusted = (value: number, adjustment: Adjustment | undefined): number => {
  if (!adjustment) return value;
  if (adjustment.amount !== undefined) return Math.max(0, toNumber(toCents(value) + toCents(adjustment.amount)));
  const rate = adjustment.percentage?.rate ?? 0;
  const next = Math.max(0, value * (1 + rate / 100));
  return adjustment.percentage?.roundToInt ? Math.round(next) : toNumber(toCents(next));
};

const bulk = async (context: CallContext, ids: readonly string[], change: (product: Product) => Product, fields: string[]) => {
  const results = [];
  for (const [originalIndex, id] of ids.entries()) {
    const product = await readProduct(context.store, id);
    if (!product) {
      results.push(itemResult(id, originalIndex, { code: 'NOT_FOUND', description: `Product ${id} was not found` }));
      continue;
    }
    try {
      await saveChanged(context, change(product), fields);
      results.push(itemResult(id, originalIndex));
    } catch (error) {
      if (!(error instanceof ValidationFailure)) throw error;
      results.push(itemResult(id, originalIndex, { code: 'INVALID_ARGUMENT', description: error.message }));
    }
  }
  return bulkAnswer(results);
};

const queryPage = async (context: CallContext, request: PlatformBody<'queryProducts'>) => {
  const all = (await context.store.list(COLLECTIONS.products)).filter((product) => visibleTo(context.identity, product));
  const filter = readFilter(request.query?.filter, 'query.filter');
  const sort = readSort(request.query?.sort, 'query.sort');
  const page = offsetPage(query(all, filter, sort, PRODUCT_FIELDS), request.query?.paging);
  return {
    products: page.items.map((product) => productView(product, false)),
    metadata: { items: page.items.length, offset: page.offset, count: page.items.length, total: page.total },
  };
};

/** The store variant view of a product's variant (`<productId>-<variantId>`). */
const storeVariant = (product: Product, variant: ProductVariant): PlatformSchema<'StoreVariant'> => ({
  id: `${product.id}-${variant.id}`,
  variantId: variant.id,
  productId: product.id,
  variantName: Object.values(variant.choices ?? {}).join(' / ') || (product.name ?? 'Default'),
  productName: product.name,
  managedVariant: product.manageVariants ?? false,
  ...(variant.variant?.sku && { sku: variant.variant.sku }),
  ...(variant.stock && { stock: variant.stock }),
  choices: variant.choices ?? {},
  collectionIds: product.collectionIds ?? [],
  ...(product.media?.mainMedia?.image?.url && {
    media: { image: { id: product.media.mainMedia.id, url: product.media.mainMedia.image.url } },
  }),
});

export const catalogueOperations = defineService('platform', {
  createProduct: {
    access: 'merchant',
    async handle(context) {
      const { product } = context.body;
      const { id: _ignored, variants: _computed, ...given } = product;
      const saved = await completed(context, { ...given, id: context.newId() });
      await saveAndEmit(context, COLLECTIONS.products, saved, PRODUCT_EVENTS.created, {
        actionEvent: {
          body: {
            productId: saved.id,
            name: saved.name,
            price: saved.priceData?.price,
            currency: saved.priceData?.currency,
            visible: saved.visible,
          },
        },
      });
      return { body: { product: saved } };
    },
  },
  getProduct: {
    access: 'shopper',
    async handle(context) {
      const { includeMerchantSpecificData } = context.query;
      const product = await productOr404(context, context.path.id);
      if (!visibleTo(context.identity, product)) throw notFound(context, 'Product', context.path.id);
      return { body: { product: productView(product, context.identity?.role === 'merchant' && includeMerchantSpecificData === true) } };
    },
  },
  updateProduct: {
    access: 'merchant',
    async handle(context) {
      const { product: patch } = context.body;
      const { id: _id, variants: _variants, ...fields } = patch;
      const saved = await updateStored(context, context.path.id, Object.keys(fields), (product) => ({ ...product, ...fields }));
      return { body: { product: saved } };
    },
  },
  deleteProduct: {
    access: 'merchant',
    async handle(context) {
      const id = context.path.id;
      await productOr404(context, id);
      await context.store.remove(COLLECTIONS.products, id);
      context.emit(PRODUCT_EVENTS.deleted, id, { actionEvent: { body: { productId: id } } });
      return { body: {} };
    },
  },
  updateProductVariants: {
    access: 'merchant',
    async handle(context) {
      const { variants: overrides = [] } = context.body;
      const id = context.path.id;
      const product = await productOr404(context, id);
      if (!product.manageVariants && overrides.some((o) => o.price !== undefined || o.cost !== undefined)) {
        throw invalidField('variants', 'prices and costs per variant need manageVariants on the product');
      }
      const touched = new Set<string>();
      const variants = (product.variants ?? []).map((variant) =>
        overrides.reduce((current, override) => {
          const byId = override.variantIds?.includes(current.id ?? '');
          const byChoices =
            override.choices && Object.entries(override.choices).every(([name, choice]) => current.choices?.[name] === choice);
          if (!byId && !byChoices) return current;
          touched.add(current.id ?? '');
          return overrideVariant(current, override);
        }, variant),
      );
      const saved = await completed(context, { ...product, variants });
      await saveAndEmit(context, COLLECTIONS.products, saved, PRODUCT_EVENTS.variantsChanged, {
        actionEvent: {
          body: {
            productId: id,
            variants: [...touched].map((variantId) => ({ variantId, changedFields: ['price', 'cost', 'weight', 'sku', 'visible'] })),
          },
        },
      });
      return { body: { variants: (saved.variants ?? []).filter((variant) => touched.has(variant.id ?? '')) } };
    },
  },
  resetProductVariantsToDefault: {
    access: 'merchant',
    async handle(context) {
      const id = context.path.id;
      const product = await productOr404(context, id);
      const variants = (product.variants ?? []).map((variant) => ({ id: variant.id, choices: variant.choices, stock: variant.stock }));
      await saveAndEmit(context, COLLECTIONS.products, await completed(context, { ...product, variants }), PRODUCT_EVENTS.variantsChanged, {
        actionEvent: {
          body: {
            productId: id,
            variants: variants.map((v) => ({ variantId: v.id, changedFields: ['price', 'cost', 'weight', 'sku', 'visible'] })),
          },
        },
      });
      return { body: {} };
    },
  },
  addProductMedia: {
    access: 'merchant',
    async handle(context) {
      const { media = [] } = context.body;
      await updateStored(context, context.path.id, ['media'], (product) => {
        const items = [...(product.media?.items ?? []), ...media.filter((m) => !m.choice).map((m) => mediaItem(m, context.newId))];
        const withItems = { ...product, media: withMainMedia({ items }) };
        const forChoices = media
          .filter((m) => m.choice)
          .map((m) => ({ option: m.choice?.option, choice: m.choice?.choice, mediaIds: [m.mediaId ?? ''] }));
        const known = {
          ...withItems,
          media: withMainMedia({ items: [...items, ...media.filter((m) => m.choice).map((m) => mediaItem(m, context.newId))] }),
        };
        return forChoices.length ? assignChoiceMedia(known, forChoices as ChoiceMedia[], true) : withItems;
      });
      return { body: {} };
    },
  },
  removeProductMedia: {
    access: 'merchant',
    async handle(context) {
      const { mediaIds } = context.body;
      await updateStored(context, context.path.id, ['media'], (product) => ({
        ...product,
        // Without ids, every media item goes.
        media: withMainMedia({
          items: mediaIds?.length ? (product.media?.items ?? []).filter((item) => !mediaIds.includes(item.id ?? '')) : [],
        }),
      }));
      return { body: {} };
    },
  },
  addProductMediaToChoices: {
    access: 'merchant',
    async handle(context) {
      const { media = [] } = context.body;
      await updateStored(context, context.path.id, ['productOptions'], (product) => assignChoiceMedia(product, media, true));
      return { body: {} };
    },
  },
  removeProductMediaFromChoices: {
    access: 'merchant',
    async handle(context) {
      const { media = [] } = context.body;
      await updateStored(context, context.path.id, ['productOptions'], (product) => assignChoiceMedia(product, media, false));
      return { body: {} };
    },
  },
  deleteProductOptions: {
    access: 'merchant',
    async handle(context) {
      await updateStored(context, context.path.id, ['productOptions'], (product) => ({
        ...product,
        productOptions: [],
        manageVariants: false,
        variants: [],
      }));
      return { body: {} };
    },
  },
  removeProductBrand: {
    access: 'merchant',
    async handle(context) {
      await updateStored(context, context.path.id, ['brand'], ({ brand: _brand, ...product }) => product);
      return { body: {} };
    },
  },
  removeProductRibbon: {
    access: 'merchant',
    async handle(context) {
      await updateStored(context, context.path.id, ['ribbon'], ({ ribbon: _ribbon, ...product }) => product);
      return { body: {} };
    },
  },
  bulkUpdateProductProperties: {
    access: 'merchant',
    async handle(context) {
      const { ids, set = {} } = context.body;
      return {
        body: await bulk(
          context,
          ids,
          (product) => ({
            ...product,
            ...(set.price !== undefined && { priceData: { ...product.priceData, price: set.price } }),
            ...(set.cost !== undefined && { costAndProfitData: { ...product.costAndProfitData, itemCost: set.cost } }),
            ...(set.weight !== undefined && { weight: set.weight }),
            ...(set.ribbon !== undefined && { ribbon: set.ribbon }),
            ...(set.brand !== undefined && { brand: set.brand }),
          }),
          Object.keys(set),
        ),
      };
    },
  },
  bulkAdjustProductProperties: {
    access: 'merchant',
    async handle(context) {
      const { ids, adjust = {} } = context.body;
      return {
        body: await bulk(
          context,
          ids,
          (product) => ({
            ...product,
            ...(adjust.price && { priceData: { ...product.priceData, price: adjusted(product.priceData?.price ?? 0, adjust.price) } }),
            ...(adjust.cost && {
              costAndProfitData: {
                ...product.costAndProfitData,
                itemCost: adjusted(product.costAndProfitData?.itemCost ?? 0, adjust.cost),
              },
            }),
            ...(adjust.weight && { weight: adjusted(product.weight ?? 0, adjust.weight) }),
            variants: product.variants?.map((variant) => ({
              ...variant,
              variant: {
                ...variant.variant,
                ...(adjust.price &&
                  variant.variant?.priceData?.price !== undefined &&
                  product.manageVariants && { priceData: { price: adjusted(variant.variant.priceData.price, adjust.price) } }),
              },
            })),
          }),
          Object.keys(adjust),
        ),
      };
    },
  },
  queryProducts: { access: 'shopper', handle: async (context) => ({ body: await queryPage(context, context.body) }) },
  queryProductsViaGet: {
    access: 'shopper',
    handle: async (context) => ({ body: await queryPage(context, context.query['.r'] ?? {}) }),
  },
  getProductOptionsAvailability: {
    access: 'shopper',
    async handle(context) {
      const { options = {} } = context.body;
      const product = await productOr404(context, context.path.id);
      if (!visibleTo(context.identity, product)) throw notFound(context, 'Product', context.path.id);
      const complete = (product.productOptions ?? []).every((option) => options[option.name ?? ''] !== undefined);
      const variant = complete ? findVariant(product, { options }) : undefined;
      const media = (product.productOptions ?? [])
        .flatMap((option) => option.choices?.filter((choice) => options[option.name ?? ''] === (choice.description ?? choice.value)) ?? [])
        .find((choice) => choice.media?.items?.length)?.media;
      return {
        body: {
          ...(variant && {
            selectedVariant: {
              price: variant.variant?.priceData,
              convertedPriceData: variant.variant?.convertedPriceData,
              ...(variant.variant?.weight !== undefined && { weight: variant.variant.weight }),
              ...(variant.variant?.sku && { sku: variant.variant.sku }),
              ...(variant.stock?.quantity !== undefined && { quantity: variant.stock.quantity }),
              inStock: variant.stock?.inStock ?? true,
              visible: variant.variant?.visible ?? true,
            },
          }),
          media: media ?? product.media,
          productOptions: productView(product, false).productOptions ?? [],
          availableForPurchase: Boolean(variant?.stock?.inStock && variant.variant?.visible !== false),
        },
      };
    },
  },
  queryProductVariants: {
    access: 'shopper',
    async handle(context) {
      const { choices, variantIds, paging, includeMerchantSpecificData } = context.body;
      const product = await productOr404(context, context.path.id);
      if (!visibleTo(context.identity, product)) throw notFound(context, 'Product', context.path.id);
      const view = productView(product, context.identity?.role === 'merchant' && includeMerchantSpecificData === true);
      const matching = (view.variants ?? []).filter(
        (variant) =>
          (!variantIds?.length || variantIds.includes(variant.id ?? '')) &&
          Object.entries(choices ?? {}).every(([name, choice]) => variant.choices?.[name] === choice),
      );
      const page = offsetPage(matching, paging);
      return { body: { variants: page.items, metadata: { items: page.items.length, offset: page.offset }, totalResults: page.total } };
    },
  },
  queryStoreVariants: {
    access: 'shopper',
    async handle(context) {
      const { query: request } = context.body;
      const products = (await context.store.list(COLLECTIONS.products)).filter((product) => visibleTo(context.identity, product));
      const variants = products.flatMap((product) => (product.variants ?? []).map((variant) => storeVariant(product, variant)));
      const page = offsetPage(
        query(variants, readFilter(request?.filter, 'query.filter'), readSort(request?.sort, 'query.sort')),
        request?.paging,
      );
      return { body: { variants: page.items, metadata: { count: page.items.length, offset: page.offset, total: page.total } } };
    },
  },
  getStoreVariant: {
    access: 'shopper',
    async handle(context) {
      const id = context.path.id;
      // `<productId>-<variantId>`: both are UUIDs (36 characters), the variant last.
      const productId = id.slice(0, Math.max(0, id.length - 37));
      const variantId = id.slice(-36);
      const product = await readProduct(context.store, productId);
      const variant =
        product?.variants?.find((candidate) => candidate.id === variantId) ??
        (variantId === DEFAULT_VARIANT_ID ? product?.variants?.[0] : undefined);
      if (!product || !variant || !visibleTo(context.identity, product)) throw notFound(context, 'Variant', id);
      return { body: { variant: storeVariant(product, variant) } };
    },
  },
});
