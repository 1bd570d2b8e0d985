import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { FAMILIES } from '../../spec-model/document';
import { loadOperations } from '../../spec-model/load';
import { finishWatchedPage, openWatchedPage, SITE_DIR, startSiteAndBrowser } from '../support/site-browser';

// The Redoc reference pages of the built site, in Chromium with nothing but 127.0.0.1 reachable.
const mockUrl = inject('mockUrl');
const env = startSiteAndBrowser();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Redoc's heading of an operation (its text is the summary; its accessible name carries more). */
const operationHeading = (page: Page, summary: string) => page.locator('h1, h2', { hasText: new RegExp(`^${escape(summary)}$`) }).first();

const slug = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

// Attributes and CSS that make a page fetch something: none may point off this host.
const RESOURCE_REFERENCE =
  /<(?:script|link|img|iframe|source|video|audio)\b[^>]*\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\/|url\(\s*["']?(?:https?:)?\/\/|@import\s+["'](?:https?:)?\/\//i;

describe('the reference pages', () => {
  it('are self-contained: no page or stylesheet of the built site loads anything from another host', () => {
    const files = readdirSync(SITE_DIR, { recursive: true })
      .map(String)
      .filter((name) => /\.(html|css)$/.test(name));
    expect(files).toEqual(
      expect.arrayContaining([
        'index.html',
        join('explorer', 'index.html'),
        join('reference', 'commerce.html'),
        join('reference', 'platform.html'),
      ]),
    );
    for (const file of files) expect(RESOURCE_REFERENCE.exec(readFileSync(join(SITE_DIR, file), 'utf8'))?.[0], file).toBeUndefined();
  });

  it('are linked from the home page', async () => {
    const { page, context, offHost, errors } = await openWatchedPage(env.browser, mockUrl);
    await page.goto(`${env.site.url}/`);
    await page.getByRole('link', { name: 'Commerce reference' }).click();
    await expect.poll(() => page.title()).toBe('Storefront API: commerce reference');
    await page.goBack();
    await page.getByRole('link', { name: 'Platform reference' }).click();
    await expect.poll(() => page.title()).toBe('Storefront API: platform reference');
    expect(offHost).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const family of FAMILIES) {
    it(`${family}: every tag and operation is in the navigation, each operation renders with its link to the explorer`, async () => {
      const operations = loadOperations(family);
      const { page, context, offHost, errors } = await openWatchedPage(env.browser, mockUrl);
      await page.goto(`${env.site.url}/reference/${family}.html`);
      for (const tag of new Set(operations.map((operation) => operation.tags?.[0] ?? ''))) {
        const inTag = operations.filter((operation) => operation.tags?.[0] === tag);
        await page.goto(`${env.site.url}/reference/${family}.html#/${slug(tag)}`);
        for (const operation of inTag) {
          await expect
            .poll(() => page.locator(`a[href="#/${slug(tag)}/${operation.operationId.toLowerCase()}"]`).count(), {
              message: operation.operationId,
            })
            .toBeGreaterThan(0);
        }
        const first = inTag[0];
        if (!first) continue;
        await page.goto(`${env.site.url}/reference/${family}.html#/${slug(tag)}/${first.operationId.toLowerCase()}`);
        await operationHeading(page, first.summary ?? '').waitFor();
        const explorerLink = page.getByRole('link', { name: `Try ${first.operationId} in the explorer` });
        await expect.poll(() => explorerLink.first().getAttribute('href')).toBe(`../explorer/#/operation/${first.operationId}`);
      }
      expect(offHost).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("shows the seeds' enumerations, the examples and the error bodies", async () => {
    const { page, context, offHost, errors } = await openWatchedPage(env.browser, mockUrl);
    await page.goto(`${env.site.url}/reference/platform.html#/members/getmymember`);
    await operationHeading(page, 'Get the current member').waitFor();
    const members = await page.locator('body').innerText();
    for (const value of ['PUBLIC', 'EXTENDED', 'FULL']) expect(members).toContain(value);

    await page.goto(`${env.site.url}/reference/commerce.html#/current-cart/addtocurrentcart`);
    await operationHeading(page, 'Add items to the current cart').waitFor();
    // The request example is selectable by name (its summary).
    await expect.poll(() => page.locator('body').innerText()).toContain('Add a shirt variant and a coffee subscription');
    await page.getByRole('button', { name: /^400$/ }).first().click();
    await expect.poll(() => page.locator('body').innerText()).toContain('validationError');
    expect(offHost).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("link each operation to the explorer's deep link, which opens it", async () => {
    const { page, context, offHost, errors } = await openWatchedPage(env.browser, mockUrl);
    await page.goto(`${env.site.url}/reference/platform.html#/recommendations/listrecommendationalgorithms`);
    await page.getByRole('link', { name: 'Try listRecommendationAlgorithms in the explorer' }).first().click();
    await page.getByRole('heading', { name: /GET\s+\/v1\/recommendations\/algorithms/ }).waitFor();
    expect(page.url()).toMatch(/\/explorer\/#\/operation\/listRecommendationAlgorithms$/);
    expect(offHost).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the reference pages' search", () => {
  const SEARCH_BAR = '#reference-search';
  const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search operations' });
  const results = (page: Page) => page.getByRole('list', { name: 'Matching operations' }).getByRole('link');
  const resultHrefs = (page: Page) => results(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  /** The anchors of a family's operations that mention `word` anywhere the search looks (method, path, id, summary, tag). */
  const anchorsMentioning = (family: (typeof FAMILIES)[number], word: string) =>
    loadOperations(family)
      .filter((operation) =>
        [operation.method, operation.path, operation.operationId, operation.summary ?? '', operation.tags[0] ?? '']
          .join(' ')
          .toLowerCase()
          .includes(word),
      )
      .map((operation) => `#/${slug(operation.tags[0] ?? '')}/${operation.operationId.toLowerCase()}`);
  /** Where the operation's heading is, against the bottom of the search bar and of the window. */
  const headingPlace = async (page: Page, summary: string) => {
    const bar = await page.locator(SEARCH_BAR).boundingBox();
    const heading = await operationHeading(page, summary).boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    return heading && bar ? heading.y >= bar.y + bar.height - 1 && heading.y < height / 2 : false;
  };

  it('answers before Redoc has rendered, says no "Loading", and Enter on a result scrolls Redoc to the operation', async () => {
    const watched = await openWatchedPage(env.browser, mockUrl);
    const { page } = watched;
    // Redoc renders only once the page knows its mock (docs-site/dist/config.json): held back, Redoc waits, and the
    // search must answer all the same.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let configAsked = false;
    await page.route('**/config.json', async (route) => {
      configAsked = true;
      await held;
      await route.continue();
    });
    await page.goto(`${env.site.url}/reference/commerce.html`, { waitUntil: 'commit' });
    await searchBox(page).fill('cart');
    await expect.poll(() => resultHrefs(page)).toEqual(anchorsMentioning('commerce', 'cart'));
    expect(await resultHrefs(page)).toContain('#/current-cart/addtocurrentcart');
    expect(configAsked).toBe(true);
    expect(await page.locator(SEARCH_BAR).innerText()).not.toMatch(/loading/i);
    expect(await page.getByRole('status').filter({ hasText: 'operations match “cart”' }).count()).toBe(1);
    release();

    // Redoc's own search is gone: no second box in its sidebar, no "Loading..." there, before or after it renders.
    await page.locator('#redoc a[href="#/current-cart"]').first().waitFor();
    expect(await page.getByTestId('search-trigger').count()).toBe(0);
    expect(await page.locator('#redoc .menu-content').innerText()).not.toMatch(/loading/i);
    expect(await page.getByRole('searchbox').count()).toBe(1);

    // Keyboard only: down into the list, down to the result for addToCurrentCart, Enter follows it.
    await searchBox(page).focus();
    await page.keyboard.press('ArrowDown');
    const target = (await resultHrefs(page)).indexOf('#/current-cart/addtocurrentcart');
    for (let step = 0; step < target; step++) await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#/current-cart/addtocurrentcart');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/current-cart/addtocurrentcart');
    await expect.poll(() => headingPlace(page, 'Add items to the current cart')).toBe(true);
    expect(await results(page).first().isVisible()).toBe(false);
    await finishWatchedPage(watched);
  });

  it('is reached with Ctrl+K and Tab, clears with Escape, says when nothing matches, and leads again to a section scrolled away from', async () => {
    const watched = await openWatchedPage(env.browser, mockUrl);
    const { page } = watched;
    await page.goto(`${env.site.url}/reference/platform.html`);
    await page.locator('#redoc a[href="#/members"]').first().waitFor();
    await page.keyboard.press('Control+k');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reference-search-input');
    await page.keyboard.type('no-such-operation');
    await expect.poll(() => page.locator(SEARCH_BAR).innerText()).toContain('No operation matches “no-such-operation”.');
    expect(await results(page).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await searchBox(page).inputValue()).toBe('');

    await page.keyboard.type('get member');
    await expect.poll(() => resultHrefs(page)).toContain('#/members/getmymember');
    const target = (await resultHrefs(page)).indexOf('#/members/getmymember');
    for (let step = 0; step <= target; step++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#/members/getmymember');
    await page.keyboard.press('Enter');
    await expect.poll(() => headingPlace(page, 'Get the current member')).toBe(true);

    // The same result again, after scrolling back to the top (Redoc's scroll tracking has moved the address meanwhile).
    await page.evaluate(() => window.scrollTo(0, 0));
    await searchBox(page).click();
    await results(page).filter({ hasText: 'Get the current member' }).click();
    await expect.poll(() => headingPlace(page, 'Get the current member')).toBe(true);
    await finishWatchedPage(watched);
  });

  it('keeps working on a page opened for another mock, which Redoc renders again from scratch', async () => {
    const watched = await openWatchedPage(env.browser, mockUrl);
    const { page } = watched;
    await page.goto(`${env.site.url}/reference/platform.html?mock=${mockUrl}`);
    await searchBox(page).fill('recommendation algorithms');
    await results(page).filter({ hasText: 'List available recommendation algorithms' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/recommendations/listrecommendationalgorithms');
    expect(new URL(page.url()).searchParams.get('mock')).toBe(mockUrl);
    await expect.poll(() => headingPlace(page, 'List available recommendation algorithms')).toBe(true);
    // Rendered for this mock, and the search bar survived the render.
    await expect.poll(() => page.locator('#redoc').innerText()).toContain(mockUrl);
    expect(await searchBox(page).inputValue()).toBe('recommendation algorithms');
    await finishWatchedPage(watched);
  });

  it('has no serious or critical accessibility violation (axe-core), in light and in dark', async () => {
    const axe = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
    for (const colorScheme of ['light', 'dark'] as const) {
      const watched = await openWatchedPage(env.browser, mockUrl);
      const { page } = watched;
      await page.emulateMedia({ colorScheme });
      await page.goto(`${env.site.url}/reference/commerce.html`);
      await page.locator('#redoc a[href="#/current-cart"]').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
      await searchBox(page).fill('order');
      await results(page).first().waitFor();
      await page.addScriptTag({ content: axe });
      const violations = await page.evaluate(async (context) => {
        const result = await (
          window as unknown as {
            axe: { run: (context: string) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
          }
        ).axe.run(context);
        return result.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5)}`);
      }, SEARCH_BAR);
      expect(violations, colorScheme).toEqual([]);
      await finishWatchedPage(watched);
    }
  });
});
