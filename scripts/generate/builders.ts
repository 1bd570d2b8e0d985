// generated/<family>/builders.ts: one data builder per entity the family's reads answer with (the cart of
// `getCurrentCart`, the product of `getProduct`...), named after the answer's field. A builder starts from that
// answer's example in the contract and checks what it builds against the field's schema as answers carry it; the
// file holds only where to find both (operation and field), never a copy of the example.
import { jsonContent, type Operation } from '../../spec-model/document';
import { firstExample } from '../../spec-model/examples';
import { asJsonObject, type Json } from '../../spec-model/json';
import { schemaComponentName } from '../../spec-model/pointer';
import { flattenSchema } from '../../spec-model/schemas';
import type { Family } from '../../src/protocol';

export interface BuilderEntry {
  /** The builder's name: the answer's field (`cart`) or the entity's schema in camelCase (builderName). */
  readonly name: string;
  readonly schema: string;
  readonly operationId: string;
  readonly field: string;
}

// Paging and bulk-action reports travel beside entities; nobody renders one on its own.
const isReport = (schema: string) => /Metadata$/.test(schema);

/** The component a field is, whole: `$ref: X`, or `allOf: [$ref: X]` narrowed by the answer (`required: [id]`). */
const componentOf = (schema: Json | undefined): string | undefined => {
  const node = asJsonObject(schema);
  const parts = Array.isArray(node?.allOf) ? node.allOf : [];
  return schemaComponentName(node) ?? (parts.length === 1 ? schemaComponentName(parts[0]) : undefined);
};

// A read's answer is the entity as a storefront meets it; among reads, `get` first, then by operationId.
const rank = (operation: Operation): string =>
  `${operation.method === 'GET' || /^get/.test(operation.operationId) ? 0 : 1}${operation.operationId}`;

const words = (name: string): string[] => name.split(/(?=[A-Z])/).map((word) => word.toLowerCase());

/**
 * The answer's field (`cart`, `collection` of StoreCollection, `file` of FileDescriptor) when it is the first or
 * last word of a short schema name; else the schema in camelCase (`backInStockNotificationRequest`, not `request`).
 */
const builderName = (schema: string, field: string): string => {
  const parts = words(schema);
  if (parts.length <= 2 && (parts[0] === field || parts.at(-1) === field)) return field;
  return `${schema[0]?.toLowerCase()}${schema.slice(1)}`;
};

/** Per entity schema, the first answer (reads first) whose 200 example carries it as an object field. */
export const builderEntries = (doc: Json, operations: readonly Operation[]): BuilderEntry[] => {
  const chosen = new Map<string, { operationId: string; field: string }>();
  for (const operation of [...operations].sort((a, b) => rank(a).localeCompare(rank(b)))) {
    const media = jsonContent(operation.responses['200']);
    if (!media?.schema) continue;
    const example = asJsonObject(firstExample(media));
    for (const [field, schema] of Object.entries(flattenSchema(doc, media.schema).properties)) {
      const component = componentOf(schema);
      if (!component || isReport(component) || chosen.has(component) || !asJsonObject(example?.[field])) continue;
      chosen.set(component, { operationId: operation.operationId, field });
    }
  }
  return [...chosen]
    .map(([schema, { operationId, field }]) => ({ name: builderName(schema, field), schema, operationId, field }))
    .sort((a, b) => a.name.localeCompare(b.name));
};

export const buildersFile = (family: Family, entries: readonly BuilderEntry[]): string =>
  `import { dataBuilder } from '../../src/testing/data-builder';\n` +
  `import type { operations as Ops } from './schema';\n\n` +
  entries
    .map(
      ({ name, schema, operationId, field }) =>
        `/** A ${schema} as \`${operationId}\` answers it (its \`${field}\`), from the contract's example, with your overrides. */\n` +
        `export const ${name} = /* @__PURE__ */ dataBuilder<Ops['${operationId}']['responses'][200]['content']['application/json']['${field}']>(` +
        `${JSON.stringify({ family, operationId, field })});\n`,
    )
    .join('\n');
