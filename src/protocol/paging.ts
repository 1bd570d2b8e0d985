// Paging bounds as the contract's shared `Paging` and `CursorPaging` schemas declare them.

/** The page size of a query that names none, on both paging styles. */
export const DEFAULT_PAGE_SIZE = 50;
/** The largest `limit` the contract accepts; the mock refuses more. */
export const MAX_PAGE_SIZE = 100;
