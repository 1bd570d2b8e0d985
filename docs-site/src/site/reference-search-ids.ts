// The elements of a reference page's search: written into the page at build time, found by the page's script.
export const SEARCH_IDS = {
  root: 'reference-search',
  input: 'reference-search-input',
  status: 'reference-search-status',
  results: 'reference-search-results',
  index: 'reference-search-index',
} as const;
