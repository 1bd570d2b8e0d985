// The families the mock serves and their route tables. Isomorphic: the documents themselves are read by the
// adapter that runs the mock (files in Node, a bundled module under MSW).
import { operations as commerceOperations } from '../generated/commerce/operations';
import { operations as platformOperations } from '../generated/platform/operations';
import type { OperationMeta as OperationEntry } from '../src/operations/operation-meta';

export type FamilyName = 'commerce' | 'platform';

export interface MockFamily {
  readonly name: FamilyName;
  readonly operations: readonly OperationEntry[];
}

export const MOCK_FAMILIES: readonly MockFamily[] = [
  { name: 'commerce', operations: commerceOperations },
  { name: 'platform', operations: platformOperations },
];
