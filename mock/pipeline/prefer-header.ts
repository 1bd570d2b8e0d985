// The per-request choices of the `Prefer` header, read as Prism's own server reads them (every mode honours
// code and example; Prism's modes also dynamic and seed):
// `code=404`, `example=NAME`, `dynamic=true`, `seed=TEXT`; and RFC 7240's `handling=strict` (undeclared fields
// refused) or `handling=lenient` (allowed), which every mode honours.
import type { FieldViolation } from '../../src/errors/api-error';

export interface Preferences {
  readonly code?: number;
  readonly example?: string;
  readonly dynamic?: boolean;
  readonly seed?: string;
  readonly handling?: 'strict' | 'lenient';
}

export type PreferParse =
  | { readonly ok: true; readonly preferences: Preferences }
  | { readonly ok: false; readonly violation: FieldViolation };

const invalid = (description: string): PreferParse => ({
  ok: false,
  violation: { field: 'Prefer', description, violatedRule: 'FORMAT', ruleName: 'FORMAT' },
});

export const parsePrefer = (header: string | undefined): PreferParse => {
  const preferences: { -readonly [K in keyof Preferences]: Preferences[K] } = {};
  for (const part of (header ?? '').split(/[,;]/)) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName?.trim().toLowerCase();
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!name) continue;
    if (name === 'code') {
      if (!/^\d{3}$/.test(value)) return invalid(`code must be a three-digit HTTP status, got "${value}"`);
      preferences.code = Number(value);
    } else if (name === 'example') preferences.example = value;
    else if (name === 'dynamic') {
      if (value !== 'true' && value !== 'false') return invalid(`dynamic must be true or false, got "${value}"`);
      preferences.dynamic = value === 'true';
    } else if (name === 'seed') preferences.seed = value;
    else if (name === 'handling') {
      if (value !== 'strict' && value !== 'lenient') return invalid(`handling must be strict or lenient, got "${value}"`);
      preferences.handling = value;
    }
  }
  return { ok: true, preferences };
};
