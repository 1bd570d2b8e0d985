// The spec's side of a comparison: schemas of the bundled document flattened to one shape per node
// (refs followed, allOf merged, anyOf/oneOf variants folded), keeping every `x-deviation` met on the way.
const BOUNDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'];

export const createSpecShapes = (doc) => {
  const target = (ref) => doc.components?.schemas?.[ref.split('/').pop()];

  /** A normalised spec schema: { kind, name, deviations, props: Map, required: Set, items, values, bounds }. */
  const shape = (node, seen = new Set()) => {
    const result = { kind: 'any', name: undefined, deviations: [], props: new Map(), required: new Set(), items: undefined, values: undefined, bounds: {} };
    const visit = (raw, depth, required = true) => {
      if (!raw || typeof raw !== 'object' || depth > 20) return;
      let schema = raw;
      if (raw['x-deviation']) result.deviations.push(raw['x-deviation']);
      if (typeof raw.$ref === 'string') {
        const name = raw.$ref.split('/').pop();
        if (seen.has(raw.$ref) && depth > 0) return;
        result.name ??= name;
        const resolved = target(raw.$ref);
        if (!resolved) return;
        const { $ref, ...siblings } = raw;
        schema = { ...resolved, ...siblings };
        if (resolved['x-deviation'] && !siblings['x-deviation']) result.deviations.push(resolved['x-deviation']);
      }
      for (const key of BOUNDS) if (typeof schema[key] === 'number') result.bounds[key] = schema[key];
      if (Array.isArray(schema.enum)) {
        result.values = [...new Set([...(result.values ?? []), ...schema.enum.map(String)])];
        if (result.kind === 'any' || result.kind === 'primitive') result.kind = 'enum';
      }
      const types = [schema.type].flat().filter(Boolean);
      if (schema.properties || types.includes('object')) {
        if (schema.properties) {
          result.kind = 'object';
          for (const [key, value] of Object.entries(schema.properties)) result.props.set(key, value);
          if (required) for (const key of schema.required ?? []) result.required.add(key);
        } else if (result.kind === 'any' || result.kind === 'primitive') result.kind = schema.additionalProperties && schema.additionalProperties !== true ? 'map' : 'free';
      }
      if (types.includes('array') || schema.items) {
        if (result.kind !== 'object') result.kind = 'array';
        result.items = schema.items ?? result.items;
      }
      if (types.some((t) => ['string', 'number', 'integer', 'boolean'].includes(t)) && result.kind === 'any') result.kind = 'primitive';
      for (const part of schema.allOf ?? []) visit(part, depth + 1, required);
      // A variant's `required` holds only for that variant (one intent of a oneOf group), not for the object.
      const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
      for (const part of variants) visit(part, depth + 1, false);
    };
    visit(node, 0);
    // A free-form object next to structured variants (`filter`: string or object) compares as anything.
    if (result.kind === 'free') result.kind = 'any';
    return result;
  };

  /** The request message as the spec describes it: body fields, path and query parameters, `.r`'s content. */
  const request = (op) => {
    const root = shape(op.body);
    root.kind = 'object';
    root.deviations.push(...[op.operation['x-deviation']].filter(Boolean));
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
      keys.slice(0, -1).forEach((key) => {
        if (!node.props.has(key)) node.props.set(key, { __shape: { ...shape(undefined), kind: 'object' } });
        const next = node.props.get(key);
        node = next.__shape ?? (next.__shape = shape(next));
      });
      const leaf = keys[keys.length - 1];
      const schema = parameter.schema ?? {};
      node.props.set(leaf, parameter['x-deviation'] ? { ...schema, 'x-deviation': parameter['x-deviation'] } : schema);
      if (parameter.required || parameter.in === 'path') node.required.add(leaf);
    }
    return root;
  };

  const response = (op) => {
    const root = shape(op.response);
    root.deviations.push(...[op.operation['x-deviation']].filter(Boolean));
    return root;
  };

  /** A property's shape (virtual parameter containers are already shaped). */
  const of = (property) => property.__shape ?? shape(property);

  return { shape, request, response, of };
};
