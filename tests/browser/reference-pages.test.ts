import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { FAMILIES } from '../../spec-model/document';
import { loadOperations } from '../../spec-model/load';
import { openWatchedPage, SITE_DIR, startSiteAndBrowser } from '../support/site-browser';

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
