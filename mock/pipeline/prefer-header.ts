// The per-request choices of the `Prefer` header, read as Prism's own server reads them (every mode honours
// code and example; Prism's modes also dynamic and seed):
// `code=404`, `example=NAME`, `dynamic=true`, `seed=TEXT`; and RFC 7240's `handling=strict` (undeclared fields
// refused) or `handling=lenient` (allowed), which every mode honours. A code the operation does not declare is
// refused before any mode answers, so no mode can pass off an undeclared status (or its own 404) as the operation's.
import type { FieldViolation } from '../../src/errors/api-error';
import { fieldViolation } from '../../src/protocol';

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
  violation: fieldViolation('Prefer', description, 'FORMAT'),
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

/** A status the operation declares exactly, with the names of its examples. */
export interface PreferableAnswer {
  readonly status: number;
  readonly examples: readonly string[];
}

const unknownChoice = (description: string, data: Record<string, unknown>): FieldViolation =>
  fieldViolation('Prefer', description, 'INVALID_ENUM_VALUE', data);

/**
 * Why the operation cannot answer what `Prefer` asks for: a `code=N` it does not declare, or an `example=NAME`
 * its answer for that status (the first success without a code) does not have; undefined when it can.
 */
export const preferenceViolation = (
  preferences: Preferences,
  operationId: string,
  answers: readonly PreferableAnswer[],
): FieldViolation | undefined => {
  const { code, example } = preferences;
  if (code === undefined && example === undefined) return undefined;
  const statuses = answers.map((answer) => answer.status);
  const chosen =
    code === undefined
      ? answers.find((answer) => answer.status >= 200 && answer.status < 300)
      : answers.find((answer) => answer.status === code);
  if (!chosen)
    return unknownChoice(
      code === undefined
        ? `example=${example} needs a success status, and ${operationId} declares none`
        : `code=${code} is not a status ${operationId} declares; it declares ${statuses.join(', ')}`,
      { declaredStatuses: statuses },
    );
  if (example === undefined || chosen.examples.includes(example)) return undefined;
  return unknownChoice(
    `example=${example.slice(0, 100)} is not an example of ${operationId} for status ${chosen.status}; ` +
      (chosen.examples.length > 0 ? `it has ${chosen.examples.join(', ')}` : 'it has none'),
    { status: chosen.status, declaredExamples: [...chosen.examples] },
  );
};
