// Walks a spec shape and a platform wire shape side by side and lists where they differ.
const ITEM_BOUNDS = ['minLength', 'maxLength', 'minimum', 'maximum'];
const ARRAY_BOUNDS = ['minItems', 'maxItems'];
const MAX_DEPTH = 14;

/**
 * Differences of one operation's request or response. `required` holds the platform's nested required paths
 * (request only). Each difference: { side, field, kind, detail, documented }.
 */
export const compareShapes = ({ specs, spec, wire, side, required = new Set() }) => {
  const out = [];
  const seen = new Set();
  const add = (field, kind, detail, deviations, at) =>
    out.push({ side, field: field || '(root)', kind, detail, at, documented: deviations.length > 0 });

  const compareBounds = (field, specShape, itemShape, wireProp, deviations) => {
    const wireArray = wireProp.type.kind === 'array';
    for (const [key, value] of Object.entries(wireProp.bounds)) {
      const holder = wireArray && ITEM_BOUNDS.includes(key) ? itemShape : specShape;
      const actual = holder?.bounds[key];
      if (actual !== value) add(field, 'bound', `${key}: platform ${value}, spec ${actual ?? 'none'}`, [...deviations, ...(holder?.deviations ?? [])]);
    }
    const specBounds = { ...specShape.bounds };
    for (const key of ITEM_BOUNDS) if (wireArray) delete specBounds[key];
    if (wireArray && itemShape) for (const key of ITEM_BOUNDS) if (itemShape.bounds[key] !== undefined) specBounds[key] = itemShape.bounds[key];
    for (const key of [...ITEM_BOUNDS, ...ARRAY_BOUNDS]) {
      if (specBounds[key] !== undefined && wireProp.bounds[key] === undefined) {
        add(field, 'bound', `${key}: platform none, spec ${specBounds[key]}`, [...deviations, ...specShape.deviations, ...(itemShape?.deviations ?? [])]);
      }
    }
  };

  // A difference is documented by an `x-deviation` on the spec node it concerns or on the object holding it.
  const walk = (specShape, wireShape, field, depth, containerDeviations) => {
    if (depth > MAX_DEPTH || wireShape.kind === 'any' || specShape.kind === 'any') return;
    const deviations = [...containerDeviations, ...specShape.deviations];
    const own = specShape.deviations;
    if (wireShape.kind === 'enum') {
      if (!specShape.values) return add(field, 'shape', 'platform enum, spec has no enum', deviations);
      const missing = wireShape.values.filter((v) => !specShape.values.includes(v));
      const extra = specShape.values.filter((v) => !wireShape.values.includes(v));
      if (missing.length) add(field, 'enum', `spec lacks ${missing.join(', ')}`, deviations, specShape.name);
      if (extra.length) add(field, 'enum', `platform lacks ${extra.join(', ')}`, deviations, specShape.name);
      return;
    }
    if (wireShape.kind === 'array') {
      if (!specShape.items) return add(field, 'shape', `platform array, spec ${specShape.kind}`, deviations);
      return walk(specs.of(specShape.items), wireShape.items, field, depth + 1, containerDeviations);
    }
    if (wireShape.kind === 'primitive') {
      if (specShape.kind === 'object' || specShape.kind === 'array') add(field, 'shape', `platform ${wireShape.type}, spec ${specShape.kind}`, deviations);
      return;
    }
    if (wireShape.kind !== 'object') return;
    if (specShape.props.size === 0) {
      if (specShape.kind !== 'object') add(field, 'shape', `platform object, spec ${specShape.kind}`, deviations);
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
      add(prefix + name, 'missing-in-spec', `platform field (${wireProp.type.kind}) absent from the spec`, own, specShape.name);
    }
    for (const [name, raw] of specShape.props) {
      const child = specs.of(raw);
      const childDeviations = [...own, ...child.deviations];
      const wireProp = wireProps.get(name);
      if (!wireProp) {
        add(prefix + name, 'not-on-platform', 'spec field the platform does not have', childDeviations, specShape.name);
        continue;
      }
      const path = prefix + name;
      const platformRequired = !wireProp.optional || required.has(path.replace(/\[\]/g, ''));
      const specRequired = specShape.required.has(name);
      if (side === 'request' && platformRequired !== specRequired) {
        add(path, 'required', `platform ${platformRequired ? 'requires' : 'does not require'} it, spec ${specRequired ? 'requires' : 'does not'}`, childDeviations);
      }
      if (side === 'response' && specRequired && wireProp.optional) add(path, 'required', 'spec requires it in answers, platform marks it optional', childDeviations);
      const items = child.items ? specs.of(child.items) : undefined;
      compareBounds(path, child, items, wireProp, childDeviations);
      walk(child, wireProp.type, path, depth + 1, own);
    }
  };

  walk(spec, wire, '', 0, []);
  return out;
};
