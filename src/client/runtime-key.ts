/** Where a client keeps its pipeline; a registered symbol, so two copies of the package still agree. */
export const RUNTIME: unique symbol = Symbol.for('storefront-api.runtime') as never;
