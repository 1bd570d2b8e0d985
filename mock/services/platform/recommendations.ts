// Recommendations from the catalogue: "frequently bought together" (RELATED_ITEMS: products sharing a
// collection with the given items, then products bought in the same orders) and "best sellers" (GLOBAL: by
// quantity ordered, then newest). The first algorithm asked for that finds enough items answers.
import type { Product } from '../../computations/catalogue-product';
import { defineService } from '../../engine/service-table';
import { COLLECTIONS } from '../records';
import type { CommerceSchema } from '../wire-types';
import { refuse } from './refusals';

export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const RELATED_ITEMS = '68ebce04-b96a-4c52-9329-08fc9d8c1253';
const BEST_SELLERS = '5dd69f67-9ab9-478e-ba7c-10c6c6e7285f';

const ALGORITHMS = [
  {
    config: {
      algorithmId: RELATED_ITEMS,
      name: 'Frequently bought together',
      description: 'Recommends items that customers often buy together with the given items.',
      algorithmType: 'RELATED_ITEMS' as const,
    },
    appId: STORES_APP_ID,
    catalogAppIds: [STORES_APP_ID],
  },
  {
    config: {
      algorithmId: BEST_SELLERS,
      name: 'Best sellers',
      description: "Recommends the store's best-selling items.",
      algorithmType: 'GLOBAL' as const,
    },
    appId: STORES_APP_ID,
    catalogAppIds: [STORES_APP_ID],
  },
];

type Order = CommerceSchema<'Order'>;

const quantitiesOrdered = (orders: readonly Order[]): Map<string, number> => {
  const sold = new Map<string, number>();
  for (const order of orders) {
    for (const item of order.lineItems ?? []) {
      const id = item.catalogReference?.catalogItemId;
      if (id) sold.set(id, (sold.get(id) ?? 0) + (item.quantity ?? 0));
    }
  }
  return sold;
};

export const recommendationOperations = defineService('platform', {
  listRecommendationAlgorithms: { access: 'shopper', handle: async () => ({ body: { availableAlgorithms: ALGORITHMS } }) },
  getRecommendation: {
    access: 'shopper',
    async handle(context) {
      const { items = [], algorithms, minimumRecommendedItems = 1 } = context.body;
      const products = (await context.store.list(COLLECTIONS.products)).filter((product) => product.visible !== false);
      const orders = await context.store.list(COLLECTIONS.orders);
      const sold = quantitiesOrdered(orders);
      const given = new Set(items.map((item) => item.catalogItemId));
      const unsupported = algorithms.filter((algorithm) => algorithm.id !== RELATED_ITEMS && algorithm.id !== BEST_SELLERS);
      if (unsupported.length > 0) {
        throw refuse(
          context,
          428,
          'ALGORITHM_NOT_SUPPORTED',
          `The catalogue provides no algorithm ${unsupported.map((algorithm) => algorithm.id).join(', ')}`,
          {
            unsupportedAlgorithms: unsupported.map((algorithm) => ({
              ...(algorithm.id !== undefined && { id: algorithm.id }),
              ...(algorithm.appId !== undefined && { appId: algorithm.appId }),
            })),
          },
        );
      }
      // The site's algorithms come with the stores catalogue: they rank its items only.
      const foreign = items.filter((item) => item.appId !== undefined && item.appId !== STORES_APP_ID);
      if (foreign.length > 0) {
        throw refuse(
          context,
          428,
          'ITEM_APP_ID_NOT_SUPPORTED',
          `The algorithms recommend items of the stores catalogue (${STORES_APP_ID}) only`,
          { items: foreign.map((item) => ({ catalogItemId: item.catalogItemId, appId: item.appId })) },
        );
      }
      for (const algorithm of algorithms) {
        let ranked: Product[];
        if (algorithm.id === RELATED_ITEMS) {
          const collections = new Set(
            products.filter((product) => given.has(product.id ?? '')).flatMap((product) => product.collectionIds ?? []),
          );
          const boughtWith = new Set(
            orders
              .filter((order) => order.lineItems?.some((item) => given.has(item.catalogReference?.catalogItemId ?? '')))
              .flatMap((order) => order.lineItems?.map((item) => item.catalogReference?.catalogItemId ?? '') ?? []),
          );
          ranked = products.filter(
            (product) =>
              !given.has(product.id ?? '') &&
              (boughtWith.has(product.id ?? '') || product.collectionIds?.some((id) => collections.has(id))),
          );
        } else {
          ranked = products
            .filter((product) => !given.has(product.id ?? ''))
            .sort(
              (a, b) =>
                (sold.get(b.id ?? '') ?? 0) - (sold.get(a.id ?? '') ?? 0) || String(b.createdDate).localeCompare(String(a.createdDate)),
            );
        }
        if (ranked.length >= minimumRecommendedItems && ranked.length > 0) {
          return {
            body: {
              recommendation: {
                items: ranked.slice(0, 20).map((product) => ({ catalogItemId: product.id, appId: STORES_APP_ID })),
                algorithm: { id: algorithm.id, appId: algorithm.appId ?? STORES_APP_ID },
              },
            },
          };
        }
      }
      return { body: { recommendation: {} } };
    },
  },
});
