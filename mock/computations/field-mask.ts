// Field masks, as the platform's update calls take them: "buyerNote,contactInfo.address" (or an array, or
// { paths }). Each named path is copied from the patch to the entity (removed when the patch leaves it out);
// without a mask, every field the patch has is set.

export type FieldMask = string | readonly string[] | { readonly paths?: readonly string[] } | undefined;

export const maskPaths = (mask: FieldMask): string[] | undefined => {
  if (mask === undefined) return undefined;
  const paths =
    typeof mask === 'string' ? mask.split(',') : Array.isArray(mask) ? mask : ((mask as { paths?: readonly string[] }).paths ?? []);
  const cleaned = paths.map((path) => String(path).trim()).filter(Boolean);
  return cleaned.length > 0 ? cleaned : undefined;
};

type Record_ = Record<string, unknown>;

const isObject = (value: unknown): value is Record_ => typeof value === 'object' && value !== null && !Array.isArray(value);

const getPath = (source: Record_, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), source);

const setPath = (target: Record_, path: readonly string[], value: unknown): Record_ => {
  const [head, ...rest] = path;
  if (head === undefined) return target;
  const copy: Record_ = { ...target };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  copy[head] = setPath(isObject(copy[head]) ? (copy[head] as Record_) : {}, rest, value);
  return copy;
};

/** A deep merge of `patch` onto `entity` (objects merged, everything else replaced). */
export const mergeDeep = (entity: Record_, patch: Record_): Record_ => {
  const result: Record_ = { ...entity };
  for (const [key, value] of Object.entries(patch)) {
    result[key] = isObject(value) && isObject(result[key]) ? mergeDeep(result[key] as Record_, value) : value;
  }
  return result;
};

/** The entity with the patch applied through the mask (a deep merge when there is no mask). */
export const applyPatch = <T extends object>(entity: T, patch: object, mask: FieldMask): T => {
  const paths = maskPaths(mask);
  if (!paths) return mergeDeep(entity as Record_, patch as Record_) as T;
  let result = entity as Record_;
  for (const path of paths) {
    const keys = path.split('.');
    result = setPath(result, keys, getPath(patch as Record_, keys));
  }
  return result as T;
};

/** Only the fields listed, for answers that honour a field set. */
export const pickPaths = (entity: Record_, paths: readonly string[]): Record_ => {
  let result: Record_ = {};
  for (const path of paths) {
    const keys = path.split('.');
    const value = getPath(entity, keys);
    if (value !== undefined) result = setPath(result, keys, value);
  }
  return result;
};
