// The app ids a line item's `catalogReference.appId` names: which catalogue the item comes from.

/** Wix Stores, the catalogue of `storefront-api/platform`'s products: `catalogReference.appId` of a product. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
