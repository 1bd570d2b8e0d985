// Store collections (v1 writes and slug lookup, v2 reads and queries with offset paging, default 50). A product's
// membership is kept on the product (`collectionIds`); a collection's `numberOfProducts` is counted from it.
import type { Product } from '../../computations/catalogue-product';
import { offsetPage } from '../../computations/paging';
import { query, readFilter, readSort } from '../../computations/query-language';
import { slugify } from '../../computations/slug';
import { invalidField } from '../../engine/failure';
import { type CallContext, defineService } from '../../engine/service-table';
import type { SessionStore } from '../../engine/store';
import { undeclaredEvent } from '../event-types';
import { COLLECTIONS, saveAndEmit } from '../records';
import type { PlatformBody, PlatformSchema, Stored } from '../wire-types';
import { saveProduct } from './catalogue';
import { type Declaring, notFound, type PlatformCall, refuse } from './refusals';

type StoreCollection = Stored<PlatformSchema<'StoreCollection'>, 'id'>;

/** The collection every product is in, as the platform names it. */
export const ALL_PRODUCTS_ID = '00000000-000000-000000-000000000001';

// The contract declares no webhook for store collections; the mock records their changes all the same.
const COLLECTION_EVENTS = {
  created: undeclaredEvent('com.wix.ecommerce.catalog.api.v1.CollectionCreated', 'wix.stores.catalog.v1.collection', 'collection_created'),
  changed: undeclaredEvent('com.wix.ecommerce.catalog.api.v1.CollectionChanged', 'wix.stores.catalog.v1.collection', 'collection_changed'),
  deleted: undeclaredEvent('com.wix.ecommerce.catalog.api.v1.CollectionDeleted', 'wix.stores.catalog.v1.collection', 'collection_deleted'),
} as const;

const withCount = (collection: StoreCollection, products: readonly Product[]): StoreCollection => ({
  ...collection,
  numberOfProducts:
    collection.id === ALL_PRODUCTS_ID
      ? products.length
      : products.filter((product) => product.collectionIds?.includes(collection.id ?? '')).length,
});

const view = async (store: SessionStore, collection: StoreCollection): Promise<StoreCollection> =>
  withCount(collection, await store.list(COLLECTIONS.products));

const collectionOr404 = async <K extends Declaring<404, 'NOT_FOUND'>>(context: PlatformCall<K>, id: string): Promise<StoreCollection> => {
  const collection = await context.store.get(COLLECTIONS.storeCollections, id);
  if (!collection) throw notFound(context, 'Collection', id);
  return collection;
};

const bySlug = async <K extends Declaring<404, 'NOT_FOUND'>>(context: PlatformCall<K>, slug: string): Promise<StoreCollection> => {
  const found = (await context.store.list(COLLECTIONS.storeCollections)).find((collection) => collection.slug === slug);
  if (!found || (found.visible === false && context.identity?.role !== 'merchant')) throw notFound(context, 'Collection with slug', slug);
  return view(context.store, found);
};

const byId = async <K extends Declaring<404, 'NOT_FOUND'>>(context: PlatformCall<K>, id: string): Promise<StoreCollection> => {
  const collection = await collectionOr404(context, id);
  if (collection.visible === false && context.identity?.role !== 'merchant') throw notFound(context, 'Collection', id);
  return view(context.store, collection);
};

const slugTaken = async (store: SessionStore, slug: string, except?: string): Promise<boolean> =>
  (await store.list(COLLECTIONS.storeCollections)).some((collection) => collection.slug === slug && collection.id !== except);

const changeMembership = async <K extends Declaring<404, 'NOT_FOUND'> & Declaring<428, 'ALL_PRODUCTS_COLLECTION'>>(
  context: PlatformCall<K>,
  id: string,
  productIds: readonly string[],
  add: boolean,
) => {
  if (id === ALL_PRODUCTS_ID)
    throw refuse(
      context,
      428,
      'ALL_PRODUCTS_COLLECTION',
      'Every product is in the All Products collection: its products cannot be changed',
    );
  await collectionOr404(context, id);
  for (const [index, productId] of productIds.entries()) {
    const product = await context.store.get(COLLECTIONS.products, productId);
    if (!product) throw invalidField(`productIds[${index}]`, `product ${productId} was not found`);
    const current = product.collectionIds ?? [];
    const next = add ? [...new Set([...current, id])] : current.filter((collectionId) => collectionId !== id);
    await saveProduct(context, { ...product, collectionIds: next });
  }
  context.emit(COLLECTION_EVENTS.changed, id, { actionEvent: { body: { collectionId: id, changedFields: ['productIds'] } } });
  return { body: {} };
};

const queryPage = async (context: CallContext, request: PlatformBody<'queryCollections'>) => {
  const products = await context.store.list(COLLECTIONS.products);
  const all = (await context.store.list(COLLECTIONS.storeCollections))
    .filter((collection) => context.identity?.role === 'merchant' || collection.visible !== false)
    .map((collection) => withCount(collection, products));
  const page = offsetPage(
    query(all, readFilter(request.query?.filter, 'query.filter'), readSort(request.query?.sort, 'query.sort')),
    request.query?.paging,
  );
  return { collections: page.items, metadata: { count: page.items.length, offset: page.offset, total: page.total } };
};

export const collectionOperations = defineService('platform', {
  createCollection: {
    access: 'merchant',
    async handle(context) {
      const { collection } = context.body;
      // A slug another collection has gets a number, as the platform makes slugs unique.
      const wanted = collection.slug ?? (slugify(collection.name) || 'collection');
      let slug = wanted;
      for (let n = 1; await slugTaken(context.store, slug); n += 1) slug = `${wanted}-${n}`;
      // id, media and numberOfProducts are read-only: the catalogue writes them, whatever the request holds.
      const { id: _id, media: _media, numberOfProducts: _count, ...fields } = collection;
      const created: StoreCollection = { ...fields, id: context.newId(), slug, visible: collection.visible ?? true, media: { items: [] } };
      await saveAndEmit(context, COLLECTIONS.storeCollections, created, COLLECTION_EVENTS.created, {
        actionEvent: { body: { collectionId: created.id, name: created.name, visible: created.visible } },
      });
      return { body: { collection: await view(context.store, created) } };
    },
  },
  updateCollection: {
    access: 'merchant',
    async handle(context) {
      const id = context.path.id;
      const { collection: patch } = context.body;
      const current = await collectionOr404(context, id);
      if (patch.slug && (await slugTaken(context.store, patch.slug, id)))
        throw invalidField('collection.slug', `${patch.slug} is the slug of another collection`);
      const { id: _id, media: _media, numberOfProducts: _count, ...fields } = patch;
      const updated = { ...current, ...fields };
      await saveAndEmit(context, COLLECTIONS.storeCollections, updated, COLLECTION_EVENTS.changed, {
        actionEvent: { body: { collectionId: id, changedFields: Object.keys(fields) } },
      });
      return { body: { collection: await view(context.store, updated) } };
    },
  },
  deleteCollection: {
    access: 'merchant',
    async handle(context) {
      const id = context.path.id;
      if (id === ALL_PRODUCTS_ID) throw refuse(context, 428, 'ALL_PRODUCTS_COLLECTION', 'The All Products collection cannot be deleted');
      await collectionOr404(context, id);
      await context.store.remove(COLLECTIONS.storeCollections, id);
      for (const product of await context.store.list(COLLECTIONS.products)) {
        if (product.collectionIds?.includes(id))
          await saveProduct(context, { ...product, collectionIds: product.collectionIds.filter((c) => c !== id) });
      }
      context.emit(COLLECTION_EVENTS.deleted, id, { actionEvent: { body: { collectionId: id } } });
      return { body: {} };
    },
  },
  addProductsToCollection: {
    access: 'merchant',
    handle: (context) => changeMembership(context, context.path.id, context.body.productIds ?? [], true),
  },
  removeProductsFromCollection: {
    access: 'merchant',
    handle: (context) => changeMembership(context, context.path.id, context.body.productIds, false),
  },
  getCollectionBySlugV1: {
    access: 'shopper',
    handle: async (context) => ({ body: { collection: await bySlug(context, context.path.slug) } }),
  },
  getCollectionBySlug: {
    access: 'shopper',
    handle: async (context) => ({ body: { collection: await bySlug(context, context.path.slug) } }),
  },
  getCollection: { access: 'shopper', handle: async (context) => ({ body: { collection: await byId(context, context.path.id) } }) },
  queryCollections: { access: 'shopper', handle: async (context) => ({ body: await queryPage(context, context.body) }) },
  queryCollectionsViaGet: {
    access: 'shopper',
    handle: async (context) => ({ body: await queryPage(context, context.query['.r'] ?? {}) }),
  },
});
