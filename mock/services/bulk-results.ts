// The answer of a bulk operation, as every service gives it: one result per item, in the order asked (its id, its
// place in the request, and why it failed when it did), and the counts of successes and failures.

/** Why one item of a bulk operation failed. */
export interface ItemFailure {
  readonly code: string;
  readonly description: string;
}

/** One item's outcome; a failure when `error` is given. */
export const itemResult = (id: string, originalIndex: number, error?: ItemFailure) => ({
  itemMetadata: { id, originalIndex, success: !error, ...(error && { error }) },
});

/** The results with the counts every bulk answer carries. */
export const bulkAnswer = <R extends { readonly itemMetadata: { readonly success: boolean } }>(results: R[]) => {
  const failures = results.filter((result) => !result.itemMetadata.success).length;
  return { results, bulkActionMetadata: { totalSuccesses: results.length - failures, totalFailures: failures, undetailedFailures: 0 } };
};
