// The service families of the API: one contract, one generated module and one route table each.

const NAMES = ['commerce', 'platform'] as const;

export type Family = (typeof NAMES)[number];
export const FAMILIES: readonly Family[] = NAMES;
