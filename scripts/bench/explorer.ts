// npm run bench, explorer part: the JavaScript the explorer loads before an operation is opened (gzip, each
// script and the sum, against the 150 KB budget) and its first render in headless Chromium, median of 7 cold
// loads (a new browser context each, served from docs-site/dist on 127.0.0.1, the mock in this process).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite, SITE_DIR, serveStatic, siteIsFresh } from '../../docs-site/build/index';
import { startMock } from '../../mock/start-mock';
import { launchChromium } from '../harness/chromium';
import { EXPLORER_JS_BUDGET_GZIP, loadExplorer } from './explorer-metrics';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = 7;

if (!siteIsFresh(root)) await buildSite();
const mock = await startMock({ port: 0, log: () => undefined });
const site = await serveStatic(SITE_DIR);
const browser = await launchChromium();
try {
  const url = `${site.url}/explorer/?mock=${mock.url}`;
  await loadExplorer(browser, url); // warm-up: the first Chromium page pays for its own start
  const loads = [];
  for (let i = 0; i < ROUNDS; i += 1) loads.push(await loadExplorer(browser, url));
  const first = loads[0];
  if (!first) throw new Error('no load measured');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`explorer, before the first operation is opened (headless Chromium, docs-site/dist on 127.0.0.1):`);
  console.log(`  JavaScript: ${kb(first.jsGzipBytes)} gzip in ${first.scripts.length} scripts (budget ${kb(EXPLORER_JS_BUDGET_GZIP)})`);
  for (const script of first.scripts) console.log(`    ${new URL(script.url).pathname.padEnd(42)} ${kb(script.gzip)}`);
  const renders = loads.map((load) => load.firstRenderMs).sort((a, b) => a - b);
  const median = renders[Math.floor(renders.length / 2)] ?? Number.NaN;
  console.log(
    `  first render: ${median.toFixed(0)} ms median of ${ROUNDS} cold loads (min ${renders[0]?.toFixed(0)}, max ${renders.at(-1)?.toFixed(0)} ms; budget 1000 ms)`,
  );
} finally {
  await browser.close();
  await site.close();
  await mock.close();
}
