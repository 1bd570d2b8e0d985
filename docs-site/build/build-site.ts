// npm run build:site: docs-site/dist/, a static site that works from any static host and offline: the home
// page, the explorer (Vite), the two Redoc reference pages and the guides of docs/. A stamp records what it was built from.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { SITE_CONFIG_FILE } from '../src/site/site-mock';
import siteConfig from '../vite.config';
import { buildGuidePages } from './guide-pages';
import { pageLinksScript, referenceSearchScript } from './page-script';
import { buildReferencePages } from './reference-pages';
import { STAMP_FILE, siteInputsHash } from './site-freshness';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = join(root, 'docs-site', 'dist');

export const buildSite = async (): Promise<void> => {
  const started = performance.now();
  // React's production build and JSX runtime always, also when this runs inside the test runner: Vite and the
  // React plugin follow NODE_ENV (vitest sets `test`), and the development build is 60 KB gzip heavier.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // The config object itself (already loaded by tsx): Vite need not bundle the config file again.
    await build({ ...siteConfig, configFile: false });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const script = await pageLinksScript();
  buildReferencePages(root, outDir, script, await referenceSearchScript());
  const guides = buildGuidePages(join(root, 'docs'), outDir, script);
  // No mock named: the pages use the default one. npm start serves its own; a static host may replace this file.
  writeFileSync(join(outDir, SITE_CONFIG_FILE), `${JSON.stringify({ mockUrl: null })}\n`);
  writeFileSync(join(outDir, STAMP_FILE), JSON.stringify({ inputs: siteInputsHash(root) }));
  console.log(
    `built docs-site/dist/ (home, explorer, reference/commerce.html, reference/platform.html, ${guides.length} guides) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildSite();
