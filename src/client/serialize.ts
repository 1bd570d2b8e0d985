// How values travel on the wire: dates as ISO strings, non-finite numbers as text (JSON has no NaN or
// Infinity), field masks as comma-separated paths, nested query objects as dotted names.
import { encodeEnvelope as envelopeOf } from '../protocol';

const FIELD_MASK_KEY = /^(?:.*[a-z])?field_?mask$/i;

const maskPaths = (value: unknown): string | undefined => {
  if (Array.isArray(value) && value.every((path) => typeof path === 'string')) return value.join(',');
  if (typeof value === 'object' && value !== null && Array.isArray((value as { paths?: unknown }).paths)) {
    return (value as { paths: string[] }).paths.join(',');
  }
  return undefined;
};

/** A JSON value as the platform expects it; used for bodies and for query values alike. */
export const wireValue = (key: string, value: unknown): unknown => {
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (value instanceof Date) return value.toISOString();
  if (FIELD_MASK_KEY.test(key)) return maskPaths(value) ?? value;
  return value;
};

/** JSON.stringify replacer; `this` holds the raw value, before Date.prototype.toJSON ran. */
function replacer(this: unknown, key: string, value: unknown): unknown {
  const raw = typeof this === 'object' && this !== null ? (this as Record<string, unknown>)[key] : value;
  return wireValue(key, raw instanceof Date ? raw : value);
}

export const serializeBody = (body: unknown): string => JSON.stringify(body, replacer);

const appendQuery = (params: URLSearchParams, name: string, value: unknown): void => {
  const wire = wireValue(name.split('.').pop() ?? name, value);
  if (wire === undefined || wire === null) return;
  if (Array.isArray(wire)) {
    for (const item of wire) appendQuery(params, name, item);
  } else if (typeof wire === 'object') {
    for (const [key, inner] of Object.entries(wire)) appendQuery(params, `${name}.${key}`, inner);
  } else {
    params.append(name, String(wire));
  }
};

/** Query parameters as the platform reads them: repeated names for arrays, dotted names for nested objects. */
export const serializeQuery = (query: Record<string, unknown> | undefined): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) appendQuery(params, name, value);
  return params.toString();
};

/** Dotted query names back to the nested object they came from: `{ 'query.paging.limit': 5 }` -> nested. */
export const unflatten = (query: Record<string, unknown>): Record<string, unknown> => {
  const root: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    const keys = name.split('.');
    let node = root;
    keys.slice(0, -1).forEach((key) => {
      const next = node[key];
      node = (typeof next === 'object' && next !== null ? next : (node[key] = {})) as Record<string, unknown>;
    });
    node[keys[keys.length - 1] ?? name] = value;
  }
  return root;
};

/** A query that cannot travel as flat names: it holds an object, or a list of objects. */
export const isNested = (query: Record<string, unknown>): boolean =>
  Object.values(query).some((value) => {
    const wire = value instanceof Date ? value : Array.isArray(value) ? value[0] : value;
    return typeof wire === 'object' && wire !== null && !(wire instanceof Date);
  });

/** base64url of the UTF-8 JSON of a request message: the platform's `.r` query parameter. */
export const encodeEnvelope = (message: unknown): string => envelopeOf(message, serializeBody);

/** The path template with each parameter filled in and percent-encoded, so `a/b?c#d` stays one segment. */
export const fillPath = (template: string, values: Record<string, unknown> | undefined): string =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values?.[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`path parameter "${name}" of ${template} is required`);
    }
    return encodeURIComponent(String(value));
  });
