// The list the sidebar shows: every operation of both families, grouped by family and tag, filtered by a search
// over method, path, operationId, summary and tag.
import index from 'virtual:operation-index';
import type { OperationIndexEntry } from '../../build/operation-index-plugin';

export type { OperationIndexEntry };
export const OPERATIONS: readonly OperationIndexEntry[] = index;

export interface OperationGroup {
  readonly key: string;
  readonly family: string;
  readonly tag: string;
  readonly operations: readonly OperationIndexEntry[];
}

export const groupOperations = (entries: readonly OperationIndexEntry[]): OperationGroup[] => {
  const groups = new Map<string, OperationIndexEntry[]>();
  for (const entry of entries) {
    const key = `${entry.family}/${entry.tag}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups].map(([key, operations]) => ({ key, family: operations[0]?.family ?? '', tag: operations[0]?.tag ?? '', operations }));
};

export const findOperation = (operationId: string): OperationIndexEntry | undefined =>
  OPERATIONS.find((entry) => entry.operationId === operationId);
