// What may succeed if asked again: no answer at all (status 0) or one of these statuses. The runtime's retry
// policy and the hooks' default retry ask the same function.

/** Statuses that say "try again later", not "no". */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 502, 503, 504]);

/**
 * Whether a call that has failed `failures` times, last with `error`, may be sent again: fewer than `retries`
 * failures, and no answer at all (status 0) or a status in the set. React Query's `retry` signature, with its
 * default of three retries.
 */
export const mayRetry = (failures: number, error: { readonly status?: number } | null | undefined, retries = 3): boolean =>
  failures < retries && (error?.status === 0 || RETRY_STATUSES.has(error?.status as number));
