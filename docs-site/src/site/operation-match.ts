// The one rule for "does this operation match what was typed", shared by the explorer's sidebar and the
// reference pages' search: both list the same operations and must answer the same search the same way.

/** What a search looks at in an operation (the operation index's fields). */
export interface SearchableOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
}

/** Every word of the search must appear in the method, path, operationId, summary or tag (case ignored). */
export const matches = (entry: SearchableOperation, search: string): boolean => {
  const haystack = `${entry.method} ${entry.path} ${entry.operationId} ${entry.summary} ${entry.tag}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
};
