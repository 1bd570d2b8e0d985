// Data builders: an entity as an answer of the contract carries it, made from that answer's example with the
// caller's overrides laid over it, and checked against the field's schema when built. The generator writes one per
// entity (generated/<family>/builders.ts); this is the one function they all are.
import { jsonContent } from '../../spec-model/document';
import { firstExample } from '../../spec-model/examples';
import { asJsonObject } from '../../spec-model/json';
import { flattenSchema } from '../../spec-model/schemas';
import type { Family } from '../protocol';
import { checkAnswer, contractDocument, contractOperation } from './contract';
import { type DeepPartial, deepMerge } from './deep-partial';

/** Where a builder's entity is: the field of an operation's 200 answer. */
export interface BuilderSource {
  readonly family: Family;
  readonly operationId: string;
  readonly field: string;
}

export type DataBuilder<T> = (overrides?: DeepPartial<T>) => T;

/** The builder of `source`'s entity; the first call reads its example and schema from the contract. */
export const dataBuilder = <T>(source: BuilderSource): DataBuilder<T> => {
  let found: { example: unknown; schema: NonNullable<ReturnType<typeof asJsonObject>> } | undefined;
  return (overrides) => {
    if (!found) {
      const operation = contractOperation(source);
      const media = jsonContent(operation.responses['200']);
      const example = asJsonObject(firstExample(media))?.[source.field];
      const schema = media?.schema && flattenSchema(contractDocument(source.family), media.schema).properties[source.field];
      if (example === undefined || !schema) throw new Error(`${source.operationId}: its 200 example has no ${source.field}`);
      found = { example, schema };
    }
    const value = deepMerge(found.example, overrides);
    checkAnswer(source.family, found.schema, value, source.field, `${source.field} (as ${source.operationId} answers it)`);
    return value as T;
  };
};
