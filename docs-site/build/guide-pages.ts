// The guides of docs/ as pages of the site (docs-site/dist/guides/<name>.html), rendered from Markdown at build time with no
// network: links between guides point at their pages, the screenshots are copied beside them, and every page
// carries the site's navigation and the mock it was opened for.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Marked } from 'marked';
import { readableTables } from './readable-tables';

export interface GuidePage {
  /** The Markdown file, relative to docs/: `client.md`, `docs/decisions/README.md` without its `docs/`. */
  readonly source: string;
  /** The page, relative to docs-site/dist/guides/: `client` + `.html`. */
  readonly page: string;
  readonly title: string;
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Every Markdown file under docs/, as the page it becomes. */
export const listGuides = (docsDir: string): GuidePage[] =>
  (existsSync(docsDir) ? readdirSync(docsDir, { recursive: true }) : [])
    .map(String)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((source) => {
      const heading = /^#\s+(.+)$/m.exec(readFileSync(join(docsDir, source), 'utf8'))?.[1] ?? source;
      return { source, page: pageHref(source), title: heading.replaceAll('`', '') };
    });

/**
 * A link as written in a guide, as the page must write it: `auth.md#pkce` -> the `auth` page + `.html#pkce`, a folder's
 * `README.md` -> its `index.html`; links to other hosts stay as they are.
 */
export const pageHref = (href: string): string =>
  /^[a-z]+:/i.test(href) ? href : href.replace(/(^|\/)README\.md(?=$|[#?])/, '$1index.html').replace(/^([^#?]*)\.md(?=$|[#?])/, '$1.html');

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.55; }
body { margin: 0; background: Canvas; color: CanvasText; }
nav.site { display: flex; flex-wrap: wrap; gap: 1em; padding: 0.75em 1.25em; border-bottom: 1px solid #8a939f; }
main { max-width: 80em; margin: 0 auto; padding: 1.5em 1.25em 4em; }
/* Prose keeps a readable measure; a table may use the whole width of the page (up to main's). */
main > :not(.table-wrap) { max-width: 52rem; margin-left: auto; margin-right: auto; }
pre { overflow-x: auto; padding: 0.75em; border: 1px solid #8a939f; border-radius: 6px; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.92em; }
/* Should a table ever be wider than the page, it scrolls in its wrapper and the page does not. */
.table-wrap { overflow-x: auto; margin: 1em 0; }
table { border-collapse: collapse; margin: 0 auto; min-width: min(100%, 52rem); }
th, td { border: 1px solid #8a939f; padding: 0.3em 0.5em; text-align: left; vertical-align: top; }
td { min-width: 3em; }
/* A cell that is one code (an error code beside a long list of operations) keeps room for a few words per line. */
td:has(> code:only-child) { min-width: min(13em, 25vw); }
/* A request in a cell: caller and path in view, its body folded; the body takes the cell's width and no more
   (width 0, min-width 100%), so a long JSON text never widens its column, and wraps anywhere inside it. */
.request-step { margin-top: 0.35em; }
.request-step summary { cursor: pointer; }
.request-body { display: block; width: 0; min-width: 100%; box-sizing: border-box; margin-top: 0.25em; padding: 0.3em 0.45em;
  border-left: 3px solid #8a939f; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.85em; }
img { max-width: 100%; border: 1px solid #8a939f; }
a { color: LinkText; }
`;

const renderPage = (guide: GuidePage, html: string, script: string): string => {
  const up = '../'.repeat(guide.page.split('/').length);
  const guidesRoot = '../'.repeat(guide.page.split('/').length - 1) || './';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="site-root" content="${up}" />
<title>${escapeHtml(guide.title)} · Storefront API</title>
<link rel="icon" href="${up}favicon.svg" />
<style>${STYLE}</style>
${script}
</head>
<body>
<nav class="site" aria-label="Site">
<a href="${up}index.html">Storefront API</a>
<a href="${guidesRoot}index.html">Guides</a>
<a href="${up}reference/commerce.html">Commerce reference</a>
<a href="${up}reference/platform.html">Platform reference</a>
<a href="${up}explorer/">Explorer</a>
</nav>
<main>
${html}
</main>
</body>
</html>
`;
};

/** Writes docs-site/dist/guides/: one page per guide (docs/README.md is its index page) and the screenshots. */
export const buildGuidePages = (docsDir: string, outDir: string, script: string): GuidePage[] => {
  const guides = listGuides(docsDir);
  const target = join(outDir, 'guides');
  const marked = new Marked({ gfm: true });
  marked.use({
    walkTokens: (token) => {
      if ((token.type === 'link' || token.type === 'image') && typeof token.href === 'string') token.href = pageHref(token.href);
    },
    // The guides hold no markup of their own but comments: a `<StorefrontProvider client>` in prose is text to
    // show, not an element for the browser to swallow.
    renderer: { html: ({ text }) => (text.trimStart().startsWith('<!--') ? text : escapeHtml(text)) },
  });
  for (const guide of guides) {
    const html = readableTables(marked.parse(readFileSync(join(docsDir, guide.source), 'utf8'), { async: false }));
    const file = join(target, guide.page);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, renderPage(guide, html, script));
  }
  const screenshots = join(docsDir, 'screenshots');
  if (existsSync(screenshots)) cpSync(screenshots, join(target, 'screenshots'), { recursive: true });
  return guides;
};
