// What a builder's overrides may hold: any part of the data, object by object; an array is given whole (its items
// complete), since no index of the example's items would mean the same thing in a test.

export type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `base` with `overrides` laid over it: objects merge field by field, anything else (arrays included) replaces. */
export const deepMerge = (base: unknown, overrides: unknown): unknown => {
  if (overrides === undefined) return structuredClone(base);
  if (!isPlainObject(base) || !isPlainObject(overrides)) return structuredClone(overrides);
  const merged: Record<string, unknown> = structuredClone(base);
  for (const [key, value] of Object.entries(overrides)) merged[key] = deepMerge(base[key], value);
  return merged;
};
