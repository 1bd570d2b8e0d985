// What may succeed if asked again: no answer at all (status 0) or one of these statuses. The runtime's retry
// policy and the hooks' default retry read the same set.

/** Statuses that say "try again later", not "no". */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 502, 503, 504]);
