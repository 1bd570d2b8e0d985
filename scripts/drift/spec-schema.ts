// The spec's side of a comparison: schemas of the bundled document flattened to one shape per node
// (references followed, allOf merged, anyOf/oneOf variants folded), keeping every `x-deviation` met on the way.
import type { BundledDocument } from '../../spec-model/document';
import { asJsonObject, type Json, type JsonObject } from '../../spec-model/json';
import { dereferenceObject, referenceOf, schemaComponentName, siblingsOfReference } from '../../spec-model/pointer';
import type { SpecOperation } from './spec-reader';

const BOUNDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;

/** A property as the comparison walks it: a schema, or a container already shaped (dotted query names). */
export type SpecProperty = JsonObject | { readonly __shape: Shape };

export interface Shape {
  kind: 'any' | 'primitive' | 'enum' | 'object' | 'map' | 'free' | 'array';
  /** The component the node is, when it is one. */
  name: string | undefined;
  deviations: Json[];
  props: Map<string, SpecProperty>;
  required: Set<string>;
  items: Json | undefined;
  values: string[] | undefined;
  bounds: Partial<Record<(typeof BOUNDS)[number], number>>;
}

const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);

export const createSpecShapes = (doc: BundledDocument) => {
  const empty = (): Shape => ({
    kind: 'any',
    name: undefined,
    deviations: [],
    props: new Map(),
    required: new Set(),
    items: undefined,
    values: undefined,
    bounds: {},
  });

  const shape = (node: Json | undefined): Shape => {
    const result = empty();
    const visit = (raw: Json | undefined, depth: number, required = true): void => {
      const object = asJsonObject(raw);
      if (!object || depth > 20) return;
      let schema = object;
      if (object['x-deviation']) result.deviations.push(object['x-deviation']);
      const ref = referenceOf(object);
      if (ref !== undefined) {
        result.name ??= schemaComponentName(object) ?? ref;
        const resolved = dereferenceObject(doc, object);
        if (!resolved) return;
        const siblings = siblingsOfReference(object);
        schema = { ...resolved, ...siblings };
        if (resolved['x-deviation'] && !siblings['x-deviation']) result.deviations.push(resolved['x-deviation']);
      }
      for (const key of BOUNDS) {
        const bound = schema[key];
        if (typeof bound === 'number') result.bounds[key] = bound;
      }
      if (Array.isArray(schema.enum)) {
        result.values = [...new Set([...(result.values ?? []), ...schema.enum.map(String)])];
        if (result.kind === 'any' || result.kind === 'primitive') result.kind = 'enum';
      }
      const types = [schema.type].flat().filter((type): type is string => typeof type === 'string');
      const properties = asJsonObject(schema.properties);
      if (properties || types.includes('object')) {
        if (properties) {
          result.kind = 'object';
          // A property met again (in an allOf part or a variant) narrows the one met first: both hold.
          for (const [key, value] of Object.entries(properties)) {
            const prior = result.props.get(key);
            const next = asJsonObject(value) ?? {};
            result.props.set(key, prior && !('__shape' in prior) ? { allOf: [prior, next] } : next);
          }
          if (required) for (const key of list(schema.required)) result.required.add(String(key));
        } else if (result.kind === 'any' || result.kind === 'primitive') {
          result.kind = schema.additionalProperties && schema.additionalProperties !== true ? 'map' : 'free';
        }
      }
      if (types.includes('array') || schema.items) {
        if (result.kind !== 'object') result.kind = 'array';
        result.items = schema.items ?? result.items;
      }
      if (types.some((t) => ['string', 'number', 'integer', 'boolean'].includes(t)) && result.kind === 'any') result.kind = 'primitive';
      for (const part of list(schema.allOf)) visit(part, depth + 1, required);
      // A variant's `required` holds only for that variant (one intent of a oneOf group), not for the object.
      for (const part of [...list(schema.anyOf), ...list(schema.oneOf)]) visit(part, depth + 1, false);
    };
    visit(node, 0);
    // A free-form object next to structured variants (`filter`: string or object) compares as anything.
    if (result.kind === 'free') result.kind = 'any';
    return result;
  };

  /** The request message as the spec describes it: body fields, path and query parameters, `.r`'s content. */
  const request = (op: SpecOperation): Shape => {
    const root = shape(op.body);
    root.kind = 'object';
    if (op.operation['x-deviation']) root.deviations.push(op.operation['x-deviation']);
    for (const parameter of op.parameters) {
      if (parameter.in !== 'query' && parameter.in !== 'path') continue;
      if (parameter.name === '.r') {
        const inner = shape(parameter.schema?.contentSchema);
        for (const [key, value] of inner.props) if (!root.props.has(key)) root.props.set(key, value);
        // The message's required fields are required of the request only when `.r` itself must be sent.
        if (parameter.required) for (const key of inner.required) root.required.add(key);
        continue;
      }
      const keys = parameter.name.split('.');
      let node = root;
      for (const key of keys.slice(0, -1)) {
        if (!node.props.has(key)) node.props.set(key, { __shape: { ...empty(), kind: 'object' } });
        const next = node.props.get(key) as SpecProperty;
        if ('__shape' in next) node = next.__shape as Shape;
        else {
          const shaped = shape(next);
          node.props.set(key, { ...next, __shape: shaped } as unknown as SpecProperty);
          node = shaped;
        }
      }
      const leaf = keys[keys.length - 1] ?? parameter.name;
      const schema = parameter.schema ?? {};
      const deviation = parameter['x-deviation'];
      node.props.set(leaf, deviation ? { ...schema, 'x-deviation': deviation } : schema);
      if (parameter.required || parameter.in === 'path') node.required.add(leaf);
    }
    return root;
  };

  const response = (op: SpecOperation): Shape => {
    const root = shape(op.response);
    if (op.operation['x-deviation']) root.deviations.push(op.operation['x-deviation']);
    return root;
  };

  /** A property's shape (virtual parameter containers are already shaped). */
  const of = (property: SpecProperty): Shape => ('__shape' in property ? (property.__shape as Shape) : shape(property));

  return { shape, request, response, of };
};
