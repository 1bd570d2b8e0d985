// Which store records an answer carries, by the stateful engine's collection names: `{ product }` and
// `{ products: [...] }` both hold records of `products`; a record is an object with a string `id`. Isomorphic.

/** Answer properties whose collection is not simply their plural. */
const ALIASES: Readonly<Record<string, string>> = {
  collection: 'storeCollections',
  collections: 'storeCollections',
  request: 'backInStockRequests',
  requests: 'backInStockRequests',
  backInStockNotificationRequest: 'backInStockRequests',
  backInStockNotificationRequests: 'backInStockRequests',
  fileDescriptor: 'files',
  files: 'files',
};

const collectionOf = (property: string): string => ALIASES[property] ?? (property.endsWith('s') ? property : `${property}s`);

const isRecord = (value: unknown): value is Record<string, unknown> & { readonly id: string } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { id?: unknown }).id === 'string';

export interface CarriedRecord {
  readonly collection: string;
  readonly record: Record<string, unknown> & { readonly id: string };
}

export const recordsOf = (body: unknown): CarriedRecord[] => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const found: CarriedRecord[] = [];
  for (const [property, value] of Object.entries(body)) {
    const collection = collectionOf(property);
    if (isRecord(value)) found.push({ collection, record: value });
    else if (Array.isArray(value)) for (const item of value) if (isRecord(item)) found.push({ collection, record: item });
  }
  return found;
};
