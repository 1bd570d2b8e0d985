// The custom contact fields the site owner added (the keys a registration's `profile.customFields` may name),
// a store collection keyed by the field key and filled by the fixtures.
import type { SessionStore } from '../../engine/store';

declare module '../../engine/store' {
  interface StoreRecords {
    /** field key (without the `custom.` prefix) -> its title. */
    contactCustomFields: { readonly id: string; readonly title: string };
  }
}

export const CONTACT_FIELDS = 'contactCustomFields';

/** The names of `fields` that are no custom field of the site. */
export const unknownContactFields = async (store: SessionStore, fields: readonly { readonly name?: string }[]): Promise<string[]> => {
  const known = new Set((await store.list(CONTACT_FIELDS)).map((field) => field.id));
  return fields.map((field) => field.name ?? '').filter((name) => !known.has(name));
};
