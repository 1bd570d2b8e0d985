import type { PrismLibrary } from './load-prism';

/** Seed of every dynamic answer that names none: the same request gets the same body. */
export const DEFAULT_DYNAMIC_SEED = 'storefront-mock';

/**
 * json-schema-faker limits for `Prefer: dynamic=true`. Prism's defaults fill every optional property, follow
 * references three levels deep and leave arrays and strings unbounded: 42 s and 71 MB for the cart, and out of
 * memory on the platform document. With these every operation answers in milliseconds and well under 64 KB
 * (tests/robustness/dynamic-mode.test.ts checks the size of each one).
 */
export const DYNAMIC_BOUNDS: Readonly<Record<string, unknown>> = {
  alwaysFakeOptionals: false,
  optionalsProbability: 0.5,
  fixedProbabilities: true,
  fillProperties: false,
  maxItems: 2,
  maxLength: 64,
  refDepthMax: 2,
  failOnInvalidTypes: false,
  failOnInvalidFormat: false,
  ignoreMissingRefs: true,
};

export const boundDynamicMode = (prism: PrismLibrary): void => prism.jsonSchemaFaker.option({ ...DYNAMIC_BOUNDS });
