// Walks a spec shape and a platform wire shape side by side and lists where they differ.
import type { Json } from '../../spec-model/json';
import type { Difference, DifferenceKind, DifferencePlace } from './difference';
import type { createSpecShapes, Shape } from './spec-schema';
import { type BoundKeyword, type Bounds, isBoundKeyword, type WireProperty, type WireShape } from './wire-types';

const ITEM_BOUNDS: readonly BoundKeyword[] = ['minLength', 'maxLength', 'minimum', 'maximum'];
const ARRAY_BOUNDS: readonly BoundKeyword[] = ['minItems', 'maxItems'];
const MAX_DEPTH = 14;
// Lengths a platform `@format` implies: the spec writes them as bounds, which is the same constraint.
const FORMAT_BOUNDS: Readonly<Record<string, Bounds>> = {
  CURRENCY: { minLength: 3, maxLength: 3 },
  COUNTRY: { minLength: 2, maxLength: 2 },
  LANGUAGE: { minLength: 2, maxLength: 2 },
};

export interface Comparison {
  readonly specs: ReturnType<typeof createSpecShapes>;
  readonly spec: Shape;
  readonly wire: WireShape;
  readonly side: 'request' | 'response';
  /** The platform's nested required paths (request only). */
  readonly required?: ReadonlySet<string> | undefined;
}

/**
 * Differences of one operation's request or response, each with its place in the spec (`DifferencePlace`):
 * `container` is the spec component holding the field, `prop` the field's name in it and `node` the component of
 * the field's own schema (undefined where the schema is written inline).
 */
export const compareShapes = ({ specs, spec, wire, side, required = new Set() }: Comparison): Difference[] => {
  const out: Difference[] = [];
  const seen = new Set<string>();
  const add = (field: string, kind: DifferenceKind, detail: string, deviations: readonly Json[], where: DifferencePlace = {}): void => {
    out.push({ side, field: field || '(root)', kind, detail, documented: deviations.length > 0, ...where });
  };

  const compareBounds = (
    field: string,
    specShape: Shape,
    itemShape: Shape | undefined,
    wireProp: WireProperty,
    deviations: readonly Json[],
    where: DifferencePlace,
  ): void => {
    const wireArray = wireProp.type.kind === 'array';
    const implied = (wireProp.format === undefined ? undefined : FORMAT_BOUNDS[wireProp.format]) ?? {};
    const platform: Bounds = { ...implied, ...wireProp.bounds };
    for (const [key, value] of Object.entries(wireProp.bounds)) {
      if (!isBoundKeyword(key)) continue;
      const item = wireArray && ITEM_BOUNDS.includes(key);
      const holder = item ? itemShape : specShape;
      const actual = holder?.bounds[key];
      if (actual !== value) {
        add(field, 'bound', `${key}: platform ${value}, spec ${actual ?? 'none'}`, [...deviations, ...(holder?.deviations ?? [])], {
          ...where,
          key,
          value,
          item,
        });
      }
    }
    const specBounds: Bounds = { ...specShape.bounds };
    if (wireArray) for (const key of ITEM_BOUNDS) delete specBounds[key];
    if (wireArray && itemShape)
      for (const key of ITEM_BOUNDS) if (itemShape.bounds[key] !== undefined) specBounds[key] = itemShape.bounds[key];
    for (const key of [...ITEM_BOUNDS, ...ARRAY_BOUNDS]) {
      const specOnly = specBounds[key];
      if (specOnly === undefined || wireProp.bounds[key] !== undefined || platform[key] === specOnly) continue;
      const format = wireProp.format ? ` (@format ${wireProp.format})` : '';
      add(
        field,
        'bound',
        `${key}: platform none${format}, spec ${specOnly}`,
        [...deviations, ...specShape.deviations, ...(itemShape?.deviations ?? [])],
        {
          ...where,
          key,
          specOnly,
          item: wireArray && ITEM_BOUNDS.includes(key),
        },
      );
    }
  };

  // A difference is documented by an `x-deviation` on the spec node it concerns or on the object holding it.
  const walk = (
    specShape: Shape,
    wireShape: WireShape,
    field: string,
    depth: number,
    containerDeviations: readonly Json[],
    where: DifferencePlace,
  ): void => {
    if (depth > MAX_DEPTH || wireShape.kind === 'any' || specShape.kind === 'any') return;
    const deviations = [...containerDeviations, ...specShape.deviations];
    const own = specShape.deviations;
    const here = { ...where, node: specShape.name };
    if (wireShape.kind === 'enum') {
      const specValues = specShape.values;
      if (!specValues) {
        add(field, 'shape', 'platform enum, spec has no enum', deviations, here);
        return;
      }
      const missing = wireShape.values.filter((v) => !specValues.includes(v));
      const extra = specValues.filter((v) => !wireShape.values.includes(v));
      if (missing.length) add(field, 'enum', `spec lacks ${missing.join(', ')}`, deviations, here);
      if (extra.length) add(field, 'enum', `platform lacks ${extra.join(', ')}`, deviations, here);
      return;
    }
    if (wireShape.kind === 'array') {
      if (specShape.items) walk(specs.shape(specShape.items), wireShape.items, field, depth + 1, deviations, where);
      else add(field, 'shape', `platform array, spec ${specShape.kind}`, deviations, here);
      return;
    }
    if (wireShape.kind === 'primitive') {
      if (specShape.kind === 'object' || specShape.kind === 'array')
        add(field, 'shape', `platform ${wireShape.type}, spec ${specShape.kind}`, deviations, here);
      return;
    }
    if (wireShape.kind !== 'object') return;
    if (specShape.props.size === 0) {
      if (specShape.kind !== 'object') add(field, 'shape', `platform object, spec ${specShape.kind}`, deviations, here);
      return;
    }
    const key = `${specShape.name ?? field}|${wireShape.name}`;
    if (seen.has(key)) return;
    seen.add(key);
    const wireProps = wireShape.props();
    const prefix = field ? `${field}.` : '';
    for (const [name, wireProp] of wireProps) {
      if (specShape.props.has(name)) continue;
      // Output-only fields need not be accepted in a request.
      if (side === 'request' && wireProp.readonly) continue;
      add(prefix + name, 'missing-in-spec', `platform field (${wireProp.type.kind}) absent from the spec`, own, {
        container: specShape.name,
        prop: name,
      });
    }
    for (const [name, raw] of specShape.props) {
      const child = specs.of(raw);
      const childDeviations = [...own, ...child.deviations];
      const wireProp = wireProps.get(name);
      const at = { container: specShape.name, prop: name, node: child.name };
      if (!wireProp) {
        add(prefix + name, 'not-on-platform', 'spec field the platform does not have', childDeviations, at);
        continue;
      }
      const path = prefix + name;
      const platformRequired = !wireProp.optional || required.has(path);
      const specRequired = specShape.required.has(name);
      if (side === 'request' && platformRequired !== specRequired) {
        add(
          path,
          'required',
          `platform ${platformRequired ? 'requires' : 'does not require'} it, spec ${specRequired ? 'requires' : 'does not'}`,
          childDeviations,
          {
            ...at,
            platformRequired,
          },
        );
      }
      if (side === 'response' && specRequired && wireProp.optional) {
        add(path, 'required', 'spec requires it in answers, platform marks it optional', childDeviations, {
          ...at,
          platformRequired: false,
        });
      }
      const items = child.items ? specs.shape(child.items) : undefined;
      compareBounds(path, child, items, wireProp, childDeviations, at);
      walk(child, wireProp.type, path, depth + 1, own, at);
    }
  };

  walk(spec, wire, '', 0, [], {});
  return out;
};
