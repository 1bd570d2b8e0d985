// The families the mock serves and their route tables. Isomorphic: the documents themselves are read by the
// adapter that runs the mock (files in Node, a bundled module under MSW).
import { operations as commerceOperations } from '../generated/commerce/operations';
import { operations as platformOperations } from '../generated/platform/operations';
import type { OperationMeta as OperationEntry } from '../src/operations/operation-meta';
import { FAMILIES, type Family } from '../src/protocol';

export type FamilyName = Family;

export interface MockFamily {
  readonly name: FamilyName;
  readonly operations: readonly OperationEntry[];
}

const ROUTE_TABLES: Readonly<Record<FamilyName, readonly OperationEntry[]>> = {
  commerce: commerceOperations,
  platform: platformOperations,
};

export const MOCK_FAMILIES: readonly MockFamily[] = FAMILIES.map((name) => ({ name, operations: ROUTE_TABLES[name] }));
