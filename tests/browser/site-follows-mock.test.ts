import { type ChildProcess, spawn } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StaticSite } from '../../docs-site/server/static-server';
import { serveStatic } from '../../docs-site/server/static-server';
import { launchChromium } from '../../scripts/harness/chromium';
import { freePort } from '../../scripts/harness/mock-process';
import { ROOT } from '../support/doc-snippets';
import { finishWatchedPage, openWatchedPage, SITE_DIR, serveSite } from '../support/site-browser';

// The site follows the mock it is served with: `npm start` on ports other than the defaults names its mock in
// every link of every page, the explorer calls it, the reference lists it as the server; a static build reads
// the mock from `?mock=` or from the site's settings file (docs-site/dist/config.json).

// One operation page of each family's reference (Redoc routes by tag slug and lower-cased operationId).
const OPERATION_PAGES = [
  ['commerce', 'current-cart/addtocurrentcart'],
  ['platform', 'recommendations/listrecommendationalgorithms'],
] as const;

let browser: Browser;
let started: ChildProcess;
let mockUrl: string;
let siteUrl: string;

beforeAll(async () => {
  browser = await launchChromium();
  const [port, sitePort] = [await freePort(), await freePort()];
  started = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), SITE_PORT: String(sitePort) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  started.stdout?.on('data', (chunk) => (output += String(chunk)));
  started.stderr?.on('data', (chunk) => (output += String(chunk)));
  for (let waited = 0; !output.includes('first thing to try'); waited += 200) {
    if (waited > 60_000 || started.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  mockUrl = `http://127.0.0.1:${port}`;
  siteUrl = `http://127.0.0.1:${sitePort}`;
  expect(output).toContain(`mock ready on ${mockUrl}`);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (started?.pid) {
    const exited = new Promise((resolve) => started.once('exit', resolve));
    process.kill(-started.pid, 'SIGTERM');
    await exited;
  }
});

const hrefs = (page: Page, selector = 'a[href]') => page.$$eval(selector, (links) => links.map((link) => (link as HTMLAnchorElement).href));

const mockOf = (href: string) => new URL(href).searchParams.get('mock');

const sendAndStatus = async (page: Page) => {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect
    .poll(
      () =>
        page
          .getByTestId('status')
          .textContent()
          .catch(() => ''),
      { timeout: 15_000 },
    )
    .toMatch(/^\d{3}/);
  return Number((await page.getByTestId('status').textContent())?.slice(0, 3));
};

describe('the site served by npm start on other ports', () => {
  it('names its mock in every link of the home page, and each link works', async () => {
    const watched = await openWatchedPage(browser, inject('mockUrl'));
    const { page } = watched;
    await page.goto(`${siteUrl}/`);
    await expect.poll(() => page.locator('code[data-mock-url]').textContent()).toBe(mockUrl);
    const links = await hrefs(page);
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const link of links) {
      expect(mockOf(link), link).toBe(mockUrl);
      expect((await fetch(link)).status, link).toBe(200);
    }
    // The first thing to try: the explorer on the operation, calling this mock.
    await page.getByRole('link', { name: 'GET /v1/recommendations/algorithms' }).click();
    await page.getByTestId('operation-id').filter({ hasText: 'listRecommendationAlgorithms' }).waitFor();
    expect(await page.getByTestId('base-url').textContent()).toBe(mockUrl);
    expect(await sendAndStatus(page)).toBe(200);
    await finishWatchedPage(watched);
  });

  it('lists its mock as the server of each reference page, and "Try it" opens the explorer on it', async () => {
    const watched = await openWatchedPage(browser, inject('mockUrl'));
    const { page } = watched;
    for (const [family, operation] of OPERATION_PAGES) {
      await page.goto(`${siteUrl}/reference/${family}.html`);
      await expect.poll(() => page.locator('body').innerText(), { timeout: 20_000 }).toContain(mockUrl);
      await page.goto(`${siteUrl}/reference/${family}.html#/${operation}`);
      // The page renders again for its mock after the hash changes: judge that render, not the first one.
      await expect.poll(() => page.locator('body').innerText(), { timeout: 20_000 }).toContain(mockUrl);
      const tryIt = page.getByRole('link', { name: /^Try \w+ in the explorer$/ }).first();
      await tryIt.waitFor({ timeout: 20_000 });
      for (const link of await hrefs(page, 'a[href*="explorer/"]')) expect(mockOf(link), link).toBe(mockUrl);
      for (const link of await hrefs(page, 'a[href*=".html"]'))
        if (new URL(link).origin === siteUrl) expect(mockOf(link), link).toBe(mockUrl);
      expect(await page.locator('body').innerText()).not.toContain('127.0.0.1:4010');
    }
    await page.getByRole('link', { name: 'Try listRecommendationAlgorithms in the explorer' }).first().click();
    await page.getByTestId('operation-id').filter({ hasText: 'listRecommendationAlgorithms' }).waitFor();
    expect(await page.getByTestId('base-url').textContent()).toBe(mockUrl);
    expect(await sendAndStatus(page)).toBe(200);
    await finishWatchedPage(watched);
  });

  it('carries its mock through the guides, and every guide link works', async () => {
    const watched = await openWatchedPage(browser, inject('mockUrl'));
    const { page } = watched;
    await page.goto(`${siteUrl}/`);
    await expect.poll(() => page.locator('code[data-mock-url]').textContent()).toBe(mockUrl);
    await page.getByRole('link', { name: 'Guides' }).click();
    await page.getByRole('heading', { name: 'Guides' }).waitFor();
    const guides = (await hrefs(page, 'main a[href]')).filter((link) => new URL(link).origin === siteUrl);
    expect(guides.length).toBeGreaterThanOrEqual(8);
    for (const guide of guides) {
      expect((await fetch(guide)).status, guide).toBe(200);
      await page.goto(guide);
      // The page's script rewrites its links once it has read the site's settings file.
      await expect.poll(async () => (await hrefs(page, 'nav.site a')).map(mockOf)).toEqual(Array.from({ length: 5 }, () => mockUrl));
      for (const link of await hrefs(page, 'nav.site a, a[href*="explorer/"]')) expect(mockOf(link), `${guide}: ${link}`).toBe(mockUrl);
    }
    await finishWatchedPage(watched);
  });
});

describe('a static build, served by any host', () => {
  let site: StaticSite;
  let configured: StaticSite;
  const other = inject('mockUrl');

  beforeAll(async () => {
    site = await serveSite();
    configured = await serveStatic(SITE_DIR, { files: { '/config.json': JSON.stringify({ mockUrl: other }) } });
  });
  afterAll(async () => {
    await site?.close();
    await configured?.close();
  });

  it('takes the mock from ?mock= on the explorer and the reference pages', async () => {
    const watched = await openWatchedPage(browser, inject('mockUrl'));
    const { page } = watched;
    await page.goto(`${site.url}/explorer/?mock=${other}#/operation/listRecommendationAlgorithms`);
    await page.getByTestId('operation-id').waitFor();
    expect(await page.getByTestId('base-url').textContent()).toBe(other);
    for (const link of await hrefs(page, 'header a')) expect(mockOf(link), link).toBe(other);
    await page.goto(`${site.url}/reference/platform.html?mock=${other}`);
    await expect.poll(() => page.locator('body').innerText(), { timeout: 20_000 }).toContain(other);
    await page.goto(`${site.url}/reference/platform.html?mock=${other}#/recommendations/listrecommendationalgorithms`);
    await page.getByRole('link', { name: 'Try listRecommendationAlgorithms in the explorer' }).first().waitFor({ timeout: 20_000 });
    for (const link of await hrefs(page, 'a[href*="explorer/"]')) expect(mockOf(link), link).toBe(other);
    await finishWatchedPage(watched);
  });

  it('takes the mock from the config.json beside index.html', async () => {
    const watched = await openWatchedPage(browser, inject('mockUrl'));
    const { page } = watched;
    await page.goto(`${configured.url}/`);
    await expect.poll(() => page.locator('code[data-mock-url]').textContent()).toBe(other);
    for (const link of await hrefs(page)) expect(mockOf(link), link).toBe(other);
    await page.goto(`${configured.url}/explorer/#/operation/listRecommendationAlgorithms`);
    await page.getByTestId('operation-id').waitFor();
    expect(await page.getByTestId('base-url').textContent()).toBe(other);
    expect(await sendAndStatus(page)).toBe(200);
    await finishWatchedPage(watched);
  });

  it('serves a favicon on every page', async () => {
    for (const path of ['/favicon.ico', '/favicon.svg']) {
      const answer = await fetch(`${site.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type'), path).toMatch(/^image\//);
    }
    const watched = await openWatchedPage(browser, inject('mockUrl'));
    const { page } = watched;
    for (const path of ['/', '/explorer/', '/reference/commerce.html', '/guides/index.html']) {
      await page.goto(`${site.url}${path}`);
      const icon = await page.$eval('link[rel="icon"]', (link) => (link as HTMLLinkElement).href);
      expect((await fetch(icon)).status, `${path}: ${icon}`).toBe(200);
    }
    await finishWatchedPage(watched);
  });
});
