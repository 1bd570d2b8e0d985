// npm run screenshots: docs/screenshots/*.png for the README and the guides: the explorer after a call (light and
// dark), the explorer with an invalid body, a value of one answer used in the next call, and a reference page. Builds the site first when it is stale; runs its own
// mock and static server on free ports of 127.0.0.1.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { buildSite, SITE_DIR, serveStatic, siteIsFresh } from '../docs-site/build/index';
import { startMock } from '../mock/start-mock';
import { launchChromium } from './harness/chromium';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'docs', 'screenshots');
const VIEWPORT = { width: 1440, height: 900 };

const explorerPage = async (browser: Browser, colorScheme: 'light' | 'dark', mockUrl: string): Promise<Page> => {
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme, deviceScaleFactor: 1 });
  // A readable session name instead of a random one.
  await context.addInitScript((url) => {
    localStorage.setItem('storefront-explorer.settings', JSON.stringify({ mockUrl: url, session: 'readme' }));
  }, mockUrl);
  return context.newPage();
};

const sendAndWait = async (page: Page) => {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByTestId('verdict').waitFor();
};

if (!siteIsFresh(root)) await buildSite();
mkdirSync(out, { recursive: true });
const mock = await startMock({ port: 0, log: () => undefined });
const site = await serveStatic(SITE_DIR);
const browser = await launchChromium();
try {
  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await explorerPage(browser, colorScheme, mock.url);
    await page.goto(`${site.url}/explorer/#/operation/listRecommendationAlgorithms`);
    await page.getByTestId('role').filter({ hasText: 'visitor' }).waitFor();
    await sendAndWait(page);
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await page.screenshot({ path: join(out, `explorer-${colorScheme}.png`) });
    await page.context().close();
  }

  const invalid = await explorerPage(browser, 'light', mock.url);
  await invalid.goto(`${site.url}/explorer/#/operation/addToCurrentCart`);
  await invalid
    .getByLabel('Body (JSON)')
    .fill(
      '{\n  "lineItems": [\n    { "quantity": "many", "catalogReference": { "catalogItemId": "c8539b66-7a44-fe18-affc-afec4be8562a" } }\n  ]\n}',
    );
  await invalid.getByTestId('body-errors').filter({ hasText: 'lineItems[0].quantity' }).waitFor();
  await invalid.locator('.cm-lintRange-error').first().waitFor();
  await sendAndWait(invalid);
  await invalid
    .locator('.editor')
    .first()
    .evaluate((editor) => editor.scrollIntoView({ block: 'start' }));
  await invalid.screenshot({ path: join(out, 'explorer-invalid-body.png') });
  await invalid.context().close();

  // Multi-step: a checkout's id kept from its answer, then used as {{checkoutId}} in the next call.
  const flow = await explorerPage(browser, 'light', mock.url);
  await flow.goto(`${site.url}/explorer/#/operation/createCheckout`);
  await flow.getByTestId('role').filter({ hasText: 'visitor' }).waitFor();
  await sendAndWait(flow);
  await flow.getByLabel('Field of the answer').selectOption('checkout.id');
  await flow.getByRole('button', { name: 'Keep as {{checkoutId}}' }).click();
  await flow.goto(`${site.url}/explorer/#/operation/getCheckout`);
  await flow.getByTestId('operation-id').filter({ hasText: 'getCheckout' }).waitFor();
  await flow.getByLabel(/^id/).fill('{{checkoutId}}');
  await sendAndWait(flow);
  // Tall enough for the parameter, the answer and the kept value at once.
  await flow.setViewportSize({ width: VIEWPORT.width, height: 1500 });
  await flow.evaluate(() => window.scrollTo(0, 0));
  await flow.screenshot({ path: join(out, 'explorer-values.png') });
  await flow.context().close();

  const reference = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  await reference.goto(`${site.url}/reference/commerce.html#/current-cart/addtocurrentcart`);
  await reference
    .locator('h1, h2', { hasText: /^Add items to the current cart$/ })
    .first()
    .waitFor();
  await reference.waitForTimeout(500);
  await reference.screenshot({ path: join(out, 'reference-commerce.png') });
  console.log(
    `wrote ${['explorer-light', 'explorer-dark', 'explorer-invalid-body', 'explorer-values', 'reference-commerce'].map((name) => `docs/screenshots/${name}.png`).join(', ')}`,
  );
} finally {
  await browser.close();
  await site.close();
  await mock.close();
}
