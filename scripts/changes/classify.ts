// Who a change between two documents breaks. Callers: an operation or parameter removed, a request field removed
// or newly required, a request enumeration or bound narrowed, a request type changed. Readers of answers: an
// answer field removed, retyped or no longer always present, an answer enumeration widened, a success answer or
// an answer header removed. Everything else that changes what is sent or answered is additive; descriptions and
// examples are not changes of the contract.
import type { Json, JsonObject } from '../../spec-model/json';
import type { Place } from './facts';

export type Audience = 'callers' | 'readers' | 'additive';

export interface Change {
  readonly audience: Audience;
  readonly family: string;
  readonly operation: string;
  readonly where: string;
  readonly what: string;
}

const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;

const list = (value: Json | undefined): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((item) => JSON.stringify(item));

interface SchemaDelta {
  /** Accepts or promises fewer values. */
  readonly narrowed: string[];
  /** Accepts or may answer more values. */
  readonly widened: string[];
  /** The type changed (a value of the old type is no longer one). */
  readonly retyped: string[];
  /** An enumeration gained values. */
  readonly enumWidened: string[];
}

const schemaDelta = (before: JsonObject, after: JsonObject): SchemaDelta => {
  const delta: SchemaDelta = { narrowed: [], widened: [], retyped: [], enumWidened: [] };
  if (before.type !== undefined && after.type !== undefined) {
    const was = list(before.type);
    const now = list(after.type);
    const gone = was.filter((type) => !now.includes(type));
    const added = now.filter((type) => !was.includes(type));
    if (gone.length > 0) delta.retyped.push(`type ${was.join('|')} is now ${now.join('|')}`);
    else if (added.length > 0)
      delta.widened.push(`type may now also be ${added.join('|')}`), delta.retyped.push(`type may now also be ${added.join('|')}`);
  }
  const wasEnum = before.enum === undefined ? undefined : list(before.enum);
  const nowEnum = after.enum === undefined ? undefined : list(after.enum);
  if (wasEnum && nowEnum) {
    const gone = wasEnum.filter((value) => !nowEnum.includes(value));
    const added = nowEnum.filter((value) => !wasEnum.includes(value));
    if (gone.length > 0) delta.narrowed.push(`enumeration lost ${gone.join(', ')}`);
    if (added.length > 0)
      delta.widened.push(`enumeration gained ${added.join(', ')}`), delta.enumWidened.push(`enumeration gained ${added.join(', ')}`);
  } else if (nowEnum) delta.narrowed.push(`now limited to ${nowEnum.join(', ')}`);
  else if (wasEnum) delta.widened.push('enumeration lifted'), delta.enumWidened.push('enumeration lifted');
  const bound = (key: string, tighter: (was: number, now: number) => boolean) => {
    const was = before[key];
    const now = after[key];
    if (was === now) return;
    if (typeof now === 'number' && (typeof was !== 'number' || tighter(was, now)))
      delta.narrowed.push(`${key} ${String(was ?? 'none')} → ${now}`);
    else delta.widened.push(`${key} ${String(was)} → ${String(now ?? 'none')}`);
  };
  for (const key of LOWER) bound(key, (was, now) => now > was);
  for (const key of UPPER) bound(key, (was, now) => now < was);
  for (const key of ['pattern', 'format', 'const'] as const) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (after[key] === undefined) delta.widened.push(`${key} ${JSON.stringify(before[key])} dropped`);
    else delta.narrowed.push(`${key} now ${JSON.stringify(after[key])}`);
  }
  return delta;
};

const schemaOf = (place: Place): JsonObject => {
  const value = place.value;
  const schema = place.kind === 'parameter' ? value.schema : value.flatSchema;
  return schema !== null && typeof schema === 'object' && !Array.isArray(schema) ? schema : {};
};

const required = (place: Place): boolean => place.value.required === true;

/** What changed at one place, for whom; `before` or `after` is undefined where the place is new or gone. */
const placeChanges = (before: Place | undefined, after: Place | undefined): [Audience, string][] => {
  const place = (after ?? before) as Place;
  const request = place.side === 'request';
  const { kind } = place;
  if (!before) {
    if (kind === 'items') return [];
    if (request && kind !== 'body' && required(place)) return [['callers', 'added, required']];
    return [['additive', 'added']];
  }
  if (!after) {
    if (kind === 'items') return [];
    if (place.side === 'operation') return [['callers', 'operation removed']];
    if (request) return [['callers', 'removed']];
    if (kind === 'response')
      return /^2/.test(place.where.split(' ')[1] ?? '') ? [['readers', 'success answer removed']] : [['additive', 'no longer declared']];
    if (kind === 'field' && !required(before)) return [['readers', 'removed (was optional)']];
    return [['readers', 'removed']];
  }
  const out: [Audience, string][] = [];
  if (kind === 'field' || kind === 'parameter' || kind === 'request') {
    if (!required(before) && required(after)) out.push(request ? ['callers', 'now required'] : ['additive', 'now always present']);
    if (required(before) && !required(after)) out.push(request ? ['additive', 'now optional'] : ['readers', 'no longer always present']);
  }
  if (kind === 'field' || kind === 'parameter' || kind === 'items' || kind === 'body') {
    const delta = schemaDelta(schemaOf(before), schemaOf(after));
    if (request) {
      for (const what of [...delta.retyped.filter((text) => !delta.widened.includes(text)), ...delta.narrowed]) out.push(['callers', what]);
      for (const what of delta.widened) out.push(['additive', what]);
    } else {
      for (const what of [...delta.retyped, ...delta.enumWidened]) out.push(['readers', what]);
      for (const what of [
        ...delta.narrowed,
        ...delta.widened.filter((text) => !delta.retyped.includes(text) && !delta.enumWidened.includes(text)),
      ])
        out.push(['additive', what]);
    }
  }
  return out;
};

/** The keys of the fields that hold this one (`a[].b` is held by `a`), nearest first. */
const holderKeys = (key: string): string[] => {
  const match = /^(field .* field )(.+)$/.exec(key);
  if (!match) return [];
  const holders: string[] = [];
  let trail = match[2] as string;
  for (;;) {
    const cut = Math.max(trail.lastIndexOf('.'), trail.endsWith('[]') ? trail.length - 2 : -1);
    if (cut <= 0) return holders;
    trail = trail.slice(0, cut);
    if (!trail.endsWith('[]')) holders.push(`${match[1]}${trail}`);
  }
};

/** Every change of the contract between two documents of one family. */
export const classifyChanges = (family: string, before: Map<string, Place>, after: Map<string, Place>): Change[] => {
  const changes: Change[] = [];
  const removedOperations = new Set(
    [...before.values()]
      .filter((place) => place.kind === 'operation' && !after.has(`operation ${place.operation} operation`))
      .map((place) => place.operation),
  );
  const addedOperations = new Set(
    [...after.values()]
      .filter((place) => place.kind === 'operation' && !before.has(`operation ${place.operation} operation`))
      .map((place) => place.operation),
  );
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(key);
    const now = after.get(key);
    const place = (now ?? was) as Place;
    // A new or removed operation is one change, not one per field in it.
    if (place.kind !== 'operation' && (removedOperations.has(place.operation) || addedOperations.has(place.operation))) continue;
    // A field that comes or goes with the field holding it is part of that change.
    if (
      holderKeys(key).some(
        (holder) => (was ? !after.has(holder) && before.has(holder) : !before.has(holder) && after.has(holder)) && (!was || !now),
      )
    )
      continue;
    for (const [audience, what] of placeChanges(was, now))
      changes.push({ audience, family, operation: place.operation, where: place.where, what });
  }
  return changes.sort((a, b) => `${a.operation} ${a.where}`.localeCompare(`${b.operation} ${b.where}`));
};

/** The smallest semver bump the changes call for. */
export const requiredBump = (changes: readonly Change[]): 'major' | 'minor' | 'patch' | 'none' => {
  if (changes.some((change) => change.audience !== 'additive')) return 'major';
  return changes.length > 0 ? 'minor' : 'none';
};
