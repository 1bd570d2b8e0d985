// Field masks, as the platform's update calls take them: "buyerNote,contactInfo.address" (or an array, or
// { paths }). Each named path is copied from the patch to the entity (removed when the patch leaves it out);
// without a mask, every field the patch has is set.
//
// A mask and a patch are the caller's text: a key such as `__proto__` or `constructor` must never reach an
// object's prototype. Only own properties are read, every key is written as an own data property, and a mask
// path naming a prototype key is refused as a 400 on the mask's field.
import { invalidField } from '../engine/failure';

export type FieldMask = string | readonly string[] | { readonly paths?: readonly string[] } | undefined;

type Record_ = Record<string, unknown>;

/** Keys that name an object's prototype machinery rather than a field. */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const maskPaths = (mask: FieldMask): string[] | undefined => {
  if (mask === undefined) return undefined;
  const paths =
    typeof mask === 'string' ? mask.split(',') : Array.isArray(mask) ? mask : ((mask as { paths?: readonly string[] }).paths ?? []);
  const cleaned = paths.map((path) => String(path).trim()).filter(Boolean);
  return cleaned.length > 0 ? cleaned : undefined;
};

const isObject = (value: unknown): value is Record_ => typeof value === 'object' && value !== null && !Array.isArray(value);

const own = (node: unknown, key: string): unknown => (isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined);

/** Sets `key` as an own data property, whatever its name (`copy[key] = value` would set a prototype for `__proto__`). */
const put = (target: Record_, key: string, value: unknown): void => {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
};

/** A shallow copy with own properties only. */
const copyOf = (source: Record_): Record_ => {
  const copy: Record_ = {};
  for (const [key, value] of Object.entries(source)) put(copy, key, value);
  return copy;
};

const getPath = (source: Record_, path: readonly string[]): unknown => path.reduce<unknown>((node, key) => own(node, key), source);

const setPath = (target: Record_, path: readonly string[], value: unknown): Record_ => {
  const [head, ...rest] = path;
  if (head === undefined) return target;
  const copy = copyOf(target);
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else put(copy, head, value);
    return copy;
  }
  const inner = own(copy, head);
  put(copy, head, setPath(isObject(inner) ? inner : {}, rest, value));
  return copy;
};

/** A deep merge of `patch` onto `entity` (objects merged, everything else replaced). */
export const mergeDeep = (entity: Record_, patch: Record_): Record_ => {
  const result = copyOf(entity);
  for (const [key, value] of Object.entries(patch)) {
    const current = own(result, key);
    put(result, key, isObject(value) && isObject(current) ? mergeDeep(current, value) : value);
  }
  return result;
};

/** The mask's paths split into keys; a path with an empty key or a prototype key is a 400 on `maskField`. */
const maskKeys = (paths: readonly string[], maskField: string): string[][] =>
  paths.map((path) => {
    const keys = path.split('.');
    const wrong = keys.find((key) => key === '' || PROTOTYPE_KEYS.has(key));
    if (wrong !== undefined)
      throw invalidField(
        maskField,
        `names "${path.slice(0, 200)}", which is not a field path (${wrong === '' ? 'an empty name' : `"${wrong}"`})`,
        'FORMAT',
      );
    return keys;
  });

/**
 * The entity with the patch applied through the mask (a deep merge when there is no mask). `maskField` names the
 * mask in the request, for the 400 of a path that names no field.
 */
export const applyPatch = <T extends object>(entity: T, patch: object, mask: FieldMask, maskField = 'fieldMask'): T => {
  const paths = maskPaths(mask);
  if (!paths) return mergeDeep(entity as Record_, patch as Record_) as T;
  let result = entity as Record_;
  for (const keys of maskKeys(paths, maskField)) result = setPath(result, keys, getPath(patch as Record_, keys));
  return result as T;
};
