// The explorer's weight and speed as a browser sees them: the JavaScript it loads before an operation is opened
// (gzip), and the time from navigation to its first render (the `explorer:first-render` mark the app sets
// after its first commit). Used by `npm run bench` and by the browser test that holds the size budget.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** The budget for the explorer's JavaScript before the first operation is opened. */
export const EXPLORER_JS_BUDGET_GZIP = 150 * 1024;

export interface ExplorerLoad {
  /** Each script the page loaded, with its gzip size. */
  readonly scripts: readonly { readonly url: string; readonly gzip: number }[];
  readonly jsGzipBytes: number;
  readonly firstRenderMs: number;
}

/** Loads `explorerUrl` (no operation in the address) in a fresh context and measures it once the network is idle. */
export const loadExplorer = async (browser: Browser, explorerUrl: string): Promise<ExplorerLoad> => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending: Promise<{ url: string; gzip: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(response.body().then((body) => ({ url: response.url(), gzip: gzipSync(body).length })));
    });
    await page.goto(explorerUrl, { waitUntil: 'networkidle' });
    await page.getByLabel('Search operations').waitFor();
    const firstRenderMs = await page.evaluate(() => performance.getEntriesByName('explorer:first-render')[0]?.startTime ?? Number.NaN);
    const scripts = await Promise.all(pending);
    return { scripts, jsGzipBytes: scripts.reduce((sum, script) => sum + script.gzip, 0), firstRenderMs };
  } finally {
    await context.close();
  }
};
