import { fileURLToPath } from 'node:url';
import { operations as commerceOperations } from '../generated/commerce/operations';
import { operations as platformOperations } from '../generated/platform/operations';
import type { OperationMeta as OperationEntry } from '../src/operations/operation-meta';

export type FamilyName = 'commerce' | 'platform';

export interface MockFamily {
  readonly name: FamilyName;
  readonly document: string;
  readonly operations: readonly OperationEntry[];
}

const documentOf = (name: string): string =>
  fileURLToPath(new URL(`../generated/${name}/openapi.yaml`, import.meta.url));

/** The families the mock serves: each one's bundled document and route table. */
export const MOCK_FAMILIES: readonly MockFamily[] = [
  { name: 'commerce', document: documentOf('commerce'), operations: commerceOperations },
  { name: 'platform', document: documentOf('platform'), operations: platformOperations },
];
