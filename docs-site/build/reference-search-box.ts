// The search bar of a reference page: its markup, its style and the family's operation index, written into the page
// at build time so the search answers as soon as the page is shown (src/site/reference-search.ts is its behaviour).
// It stands above Redoc, outside the element Redoc renders into, and sticks to the top of the window; Redoc is told
// its height (scrollYOffset) so the sidebar and the sections it scrolls to start below it.
import { SEARCH_IDS } from '../src/site/reference-search-ids';
import type { OperationIndexEntry } from './operation-index-plugin';

/** The bar's height in pixels: the page's style and Redoc's scrollYOffset both use it. */
export const SEARCH_BAR_HEIGHT = 56;

// Redoc's own custom properties (set on :root, switched by its light/dark toggle), so the bar follows the page's theme.
const STYLE = `<style>
#${SEARCH_IDS.root} { position: sticky; top: 0; z-index: 30; box-sizing: border-box; height: ${SEARCH_BAR_HEIGHT}px; display: flex; align-items: center;
  padding: 0 var(--sidebar-margin-horizontal, 16px); background: var(--sidebar-bg-color, var(--bg-color));
  border-bottom: 1px solid var(--sidebar-border-color, var(--border-color-secondary));
  font-family: var(--font-family-base); font-size: var(--font-size-base); line-height: var(--line-height-base); color: var(--text-color-primary); }
#${SEARCH_IDS.root} .reference-search-field { position: relative; width: calc(var(--sidebar-width, 285px) - 2 * var(--sidebar-margin-horizontal, 16px)); max-width: 100%; }
#${SEARCH_IDS.root} .reference-search-field > svg { position: absolute; left: var(--search-trigger-padding-horizontal, 12px); top: 50%; translate: 0 -50%;
  width: 16px; height: 16px; fill: currentColor; color: var(--search-trigger-color); pointer-events: none; }
#${SEARCH_IDS.input} { box-sizing: border-box; width: 100%; margin: 0; font: inherit; color: var(--text-color-primary);
  padding: var(--search-trigger-padding-vertical, 4px) 4.5em var(--search-trigger-padding-vertical, 4px) calc(var(--search-trigger-padding-horizontal, 12px) + 24px);
  background: var(--search-trigger-bg-color, var(--bg-color)); border: 1px solid var(--search-trigger-border-color, var(--border-color-secondary));
  border-radius: var(--search-trigger-border-radius, 8px); }
#${SEARCH_IDS.input}:hover { border-color: var(--search-trigger-border-color-hover); }
#${SEARCH_IDS.input}:focus-visible { outline: 2px solid var(--input-border-color-focused); outline-offset: 1px; }
#${SEARCH_IDS.input}::placeholder { color: var(--text-color-secondary); opacity: 1; }
#${SEARCH_IDS.input}::-webkit-search-cancel-button { display: none; }
#${SEARCH_IDS.root} kbd { position: absolute; right: var(--search-trigger-padding-horizontal, 12px); top: 50%; translate: 0 -50%; pointer-events: none;
  font: inherit; font-size: var(--font-size-sm); color: var(--text-color-secondary); }
#${SEARCH_IDS.input}:focus ~ kbd, #${SEARCH_IDS.input}:not(:placeholder-shown) ~ kbd { display: none; }
#${SEARCH_IDS.results} { position: absolute; top: calc(100% + 4px); left: 0; z-index: 1; box-sizing: border-box; width: min(36rem, calc(100vw - 2rem));
  max-height: min(70vh, 36rem); overflow-y: auto; padding: 4px; background: var(--bg-color-raised, var(--bg-color));
  border: 1px solid var(--border-color-secondary); border-radius: var(--border-radius-lg, 8px); box-shadow: var(--bg-raised-shadow); }
#${SEARCH_IDS.results} ul { list-style: none; margin: 0; padding: 0; }
#${SEARCH_IDS.results} a { display: flex; flex-direction: column; gap: 2px; padding: 8px 12px; border-radius: var(--border-radius-lg, 8px);
  color: var(--text-color-primary); text-decoration: none; }
#${SEARCH_IDS.results} a:hover { background: var(--search-item-bg-color-hover, var(--bg-color-hover)); }
#${SEARCH_IDS.results} a:focus-visible { background: var(--search-item-bg-color-hover, var(--bg-color-hover));
  outline: 2px solid var(--search-item-border-color-focused, var(--input-border-color-focused)); outline-offset: -2px; }
#${SEARCH_IDS.results} .reference-search-line { display: flex; gap: 8px; align-items: baseline; font-family: var(--font-family-monospaced); font-size: var(--font-size-sm); }
#${SEARCH_IDS.results} .reference-search-method { flex: none; padding: 0 6px; border-radius: var(--border-radius, 4px); background: var(--tag-bg-color);
  font-weight: var(--font-weight-semibold); }
#${SEARCH_IDS.results} .reference-search-path { overflow-wrap: anywhere; }
#${SEARCH_IDS.results} .reference-search-summary { font-weight: var(--font-weight-medium); }
#${SEARCH_IDS.results} .reference-search-meta { font-size: var(--font-size-sm); color: var(--text-color-secondary); }
#${SEARCH_IDS.results} [data-no-match] { margin: 0; padding: 8px 12px; color: var(--text-color-secondary); }
#${SEARCH_IDS.root} .reference-search-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0; }
@media print { #${SEARCH_IDS.root} { display: none; } }
</style>`;

const SEARCH_ICON =
  '<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M14.5 13.8 10.7 10a5.5 5.5 0 1 0-.7.7l3.8 3.8.7-.7ZM2 6.5a4.5 4.5 0 1 1 9 0 4.5 4.5 0 0 1-9 0Z"/></svg>';

const markup = (entries: readonly OperationIndexEntry[], script: string): string => {
  // The family is the page's: only what a result shows and links by is kept.
  const index = entries.map(({ operationId, method, path, summary, tag }) => ({ operationId, method, path, summary, tag }));
  return `<div id="${SEARCH_IDS.root}" role="search">
<label class="reference-search-hidden" for="${SEARCH_IDS.input}">Search operations</label>
<div class="reference-search-field">${SEARCH_ICON}
<input id="${SEARCH_IDS.input}" type="search" placeholder="Search operations" autocomplete="off" spellcheck="false" aria-keyshortcuts="Control+K Meta+K /" aria-describedby="${SEARCH_IDS.status}" aria-controls="${SEARCH_IDS.results}" />
<kbd aria-hidden="true">Ctrl+K</kbd>
<div id="${SEARCH_IDS.results}" hidden><ul aria-label="Matching operations"></ul><p data-no-match hidden></p></div>
</div>
<p id="${SEARCH_IDS.status}" class="reference-search-hidden" role="status"></p>
</div>
<script type="application/json" id="${SEARCH_IDS.index}">${JSON.stringify(index).replaceAll('<', '\\u003c')}</script>
${script}`;
};

/** The page with the search bar first in its body and its style in its head; `script` is the inlined behaviour. */
export const withSearchBox = (html: string, entries: readonly OperationIndexEntry[], script: string): string => {
  if (!html.includes('<body>')) throw new Error('Redoc page without <body>: reference-search-box.ts must follow Redoc');
  // Replacer functions: the minified script may hold `$&`-like sequences a replacement string would expand.
  return html.replace('</head>', () => `${STYLE}</head>`).replace('<body>', () => `<body>\n${markup(entries, script)}`);
};
