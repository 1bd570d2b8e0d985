// The list the sidebar shows: every operation of both families, grouped by family and tag, filtered by a search
// over path, operationId and summary.
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

/** Every word of the search must appear in the path, the operationId or the summary (case ignored). */
export const matches = (entry: OperationIndexEntry, search: string): boolean => {
  const haystack = `${entry.method} ${entry.path} ${entry.operationId} ${entry.summary}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
};

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
