// The Redoc reference of each family: one self-contained HTML file (Redoc inlined, no CDN) per family, rendered
// from the bundled document with a link from every operation to the explorer and from the page to the site, and
// with the site's operation search in place of Redoc's own.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BundledDocument, FAMILIES, type Family, METHODS } from '../../spec-model/document';
import { asJsonObject } from '../../spec-model/json';
import { readDocumentFile } from '../../spec-model/load';
import { REDOCLY_ENV } from '../../spec-model/redocly-env';
import { DEFAULT_MOCK_URL } from '../src/site/site-mock';
import { operationIndexOf } from './operation-index-plugin';
import { SEARCH_BAR_HEIGHT, withSearchBox } from './reference-search-box';

const PATH_ITEM_METHODS: readonly string[] = METHODS.map((method) => method.toLowerCase());
const TITLES: Record<Family, string> = { commerce: 'Storefront API: commerce reference', platform: 'Storefront API: platform reference' };

// Redoc's attribution logo is an <img> from its CDN, with no option to turn it off: the page would reach the
// network. The same word, drawn inline, keeps the attribution and the page offline.
const LOGO = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='52' height='14'><text x='0' y='11' font-family='sans-serif' font-size='11' fill='#6b7280'>Redocly</text></svg>",
)}`;
const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;

/** The built page with nothing it would fetch from another host. */
export const offline = (html: string): string => html.replace(CDN_LOGO, LOGO);

// Redoc's last statement renders the server-side markup live. The page waits for the mock it was opened for
// (?mock= or docs-site/dist/config.json, found by the inlined page script) and, when it is not the default one, renders the
// definition naming that mock (servers, links to the explorer) from scratch: hydrating markup that says
// otherwise would be a mismatch.
const HYDRATE = "hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc'));";
const FOLLOW_MOCK = `const __site = await window.__siteMock;
      const __redoc_root = document.getElementById('redoc');
      if (__site.mockUrl === ${JSON.stringify(DEFAULT_MOCK_URL)}) hydrate(__redoc_definition, __redoc_options, __redoc_root);
      else {
        __redoc_root.replaceChildren();
        init(window.__siteDefinition(__redoc_definition, __site.mockUrl), __redoc_options, __redoc_root);
      }`;

// Redoc 3 has no option to turn its own search off (Redoc 2's disableSearch is gone): its sidebar always holds a
// search box that says "Loading..." while it indexes the whole definition on the main thread, seconds on a slow
// machine. The page has a search of its own (reference-search-box.ts), ready at once, so Redoc's goes: its
// prerendered box, and the element of Redoc's sidebar that renders it, so that hydration meets the markup it renders.
const REDOC_SEARCH_MARKUP = /<div class="[^"]*"><div data-testid="search-trigger"[\s\S]*?<span>Loading\.\.\.<\/span><\/div><\/div><\/div>/g;
const REDOC_SEARCH_ELEMENT = /\(0,\w+\.jsx\)\(\w+,\{items:\w+,store:\w+,basePath:\w+,document:[^}]*\}\)/g;

/** The page without Redoc's own search, in its markup and in the sidebar Redoc renders. */
export const withoutRedocSearch = (html: string): string => {
  for (const [pattern, what] of [
    [REDOC_SEARCH_MARKUP, 'prerendered search box'],
    [REDOC_SEARCH_ELEMENT, "sidebar's search element"],
  ] as const) {
    const found = html.match(pattern)?.length ?? 0;
    if (found !== 1) throw new Error(`Redoc page with ${found} copies of its ${what}, not 1: reference-pages.ts must follow Redoc`);
  }
  return html.replace(REDOC_SEARCH_MARKUP, '').replace(REDOC_SEARCH_ELEMENT, 'null');
};

/** The page following the mock it is served with, with the site's icon; `script` is the inlined page script. */
export const followMock = (html: string, script: string): string => {
  if (!html.includes(HYDRATE)) throw new Error('Redoc page without its hydrate call: reference-pages.ts must follow Redoc');
  // Replacer functions: the minified script may hold `$&`-like sequences a replacement string would expand.
  return html.replace('</head>', () => `<link rel="icon" href="../favicon.svg" />${script}</head>`).replace(HYDRATE, () => FOLLOW_MOCK);
};

/** The document as the reference shows it: the same contract, with navigation added to its descriptions. */
export const withSiteLinks = (family: Family, doc: BundledDocument): BundledDocument => {
  const other = FAMILIES.find((name) => name !== family);
  const nav = `[Site home](../index.html) · [Explorer](../explorer/) · [${other} reference](./${other}.html) · [Guides](../guides/index.html)`;
  const info = asJsonObject(doc.info) ?? {};
  const described = { ...info, description: `${nav}\n\n${typeof info.description === 'string' ? info.description : ''}` };
  const paths = Object.fromEntries(
    Object.entries(doc.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([key, value]) => {
          const operation = asJsonObject(value);
          if (!PATH_ITEM_METHODS.includes(key) || !operation || typeof operation.operationId !== 'string') return [key, value];
          const link = `**[Try ${operation.operationId} in the explorer](../explorer/#/operation/${encodeURIComponent(operation.operationId)})**`;
          return [
            key,
            { ...operation, description: `${link}\n\n${typeof operation.description === 'string' ? operation.description : ''}` },
          ];
        }),
      ),
    ]),
  );
  return { ...doc, info: described, paths };
};

/** `script` is the inlined page script, `searchScript` the reference search's. */
export const buildReferencePages = (root: string, outDir: string, script: string, searchScript: string): void => {
  const scratch = mkdtempSync(join(tmpdir(), 'reference-pages-'));
  mkdirSync(join(outDir, 'reference'), { recursive: true });
  try {
    for (const family of FAMILIES) {
      const doc = readDocumentFile(join(root, 'generated', family, 'openapi.yaml'));
      // JSON is YAML too: redocly reads the document as written here.
      const input = join(scratch, `${family}.json`);
      writeFileSync(input, JSON.stringify(withSiteLinks(family, doc), null, 2));
      const output = join(outDir, 'reference', `${family}.html`);
      const run = spawnSync(
        join(root, 'node_modules', '.bin', 'redocly'),
        [
          'build-docs',
          input,
          '--inlineBundle',
          '--output',
          output,
          '--title',
          TITLES[family],
          '--lint-config',
          'off',
          '--openapi.hideDownloadButtons=true',
          `--openapi.scrollYOffset=${SEARCH_BAR_HEIGHT}`,
        ],
        { cwd: scratch, env: REDOCLY_ENV, encoding: 'utf8' },
      );
      if (run.status !== 0) throw new Error(`redocly build-docs ${family} failed:\n${run.stdout}\n${run.stderr}`);
      const page = withoutRedocSearch(offline(readFileSync(output, 'utf8')));
      writeFileSync(output, withSearchBox(followMock(page, script), operationIndexOf(family, doc), searchScript));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};
