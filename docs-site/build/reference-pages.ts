// The Redoc reference of each family: one self-contained HTML file (Redoc inlined, no CDN) per family, rendered
// from the bundled document with a link from every operation to the explorer and from the page to the site.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { FAMILIES, type BundledDocument, type Family } from '../../spec-model/document';
import { REDOCLY_ENV } from '../../spec-model/redocly-env';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const TITLES: Record<Family, string> = { commerce: 'Storefront API: commerce reference', platform: 'Storefront API: platform reference' };

// Redoc's attribution logo is an <img> from its CDN, with no option to turn it off: the page would reach the
// network. The same word, drawn inline, keeps the attribution and the page offline.
const LOGO = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='52' height='14'><text x='0' y='11' font-family='sans-serif' font-size='11' fill='#6b7280'>Redocly</text></svg>",
)}`;
const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;

/** The built page with nothing it would fetch from another host. */
export const offline = (html: string): string => html.replace(CDN_LOGO, LOGO);

type Described = { description?: string; operationId?: string };

/** The document as the reference shows it: the same contract, with navigation added to its descriptions. */
export const withSiteLinks = (family: Family, doc: BundledDocument & { info?: Described }): BundledDocument => {
  const other = FAMILIES.find((name) => name !== family);
  const nav = `[Site home](../index.html) · [Explorer](../explorer/) · [${other} reference](./${other}.html)`;
  const info = { ...doc.info, description: `${nav}\n\n${doc.info?.description ?? ''}` };
  const paths = Object.fromEntries(
    Object.entries(doc.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([key, value]) => {
          const operation = value as Described;
          if (!METHODS.includes(key) || !operation.operationId) return [key, value];
          const link = `**[Try ${operation.operationId} in the explorer](../explorer/#/operation/${encodeURIComponent(operation.operationId)})**`;
          return [key, { ...operation, description: `${link}\n\n${operation.description ?? ''}` }];
        }),
      ),
    ]),
  );
  return { ...doc, info, paths } as BundledDocument;
};

export const buildReferencePages = (root: string, outDir: string): void => {
  const scratch = mkdtempSync(join(tmpdir(), 'reference-pages-'));
  mkdirSync(join(outDir, 'reference'), { recursive: true });
  try {
    for (const family of FAMILIES) {
      const doc = parse(readFileSync(join(root, 'generated', family, 'openapi.yaml'), 'utf8')) as BundledDocument;
      const input = join(scratch, `${family}.yaml`);
      writeFileSync(input, stringify(withSiteLinks(family, doc)));
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
        ],
        { cwd: scratch, env: REDOCLY_ENV, encoding: 'utf8' },
      );
      if (run.status !== 0) throw new Error(`redocly build-docs ${family} failed:\n${run.stdout}\n${run.stderr}`);
      writeFileSync(output, offline(readFileSync(output, 'utf8')));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};
