import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { listGuides } from '../../docs-site/build/guide-pages';
import { finishWatchedPage, openWatchedPage, startSiteAndBrowser } from '../support/site-browser';

// The guides as pages, in Chromium at a laptop's width: wide tables (the reachability page's) fit the page, which
// never scrolls sideways, and every cell can be read.
const mockUrl = inject('mockUrl');
const env = startSiteAndBrowser();
const VIEWPORT = { width: 1280, height: 900 };

const overflow = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));

describe('the guide pages', () => {
  it('show the reachability table whole at 1280 px: no sideways scroll, every cell in view and wide enough to read', async () => {
    const watched = await openWatchedPage(env.browser, mockUrl);
    const { page } = watched;
    await page.setViewportSize(VIEWPORT);
    await page.goto(`${env.site.url}/guides/reachability.html`);
    const { scrollWidth, clientWidth } = await overflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const cells = await page.locator('td').evaluateAll((tds) =>
      tds.map((td) => {
        const box = td.getBoundingClientRect();
        return { left: box.left, right: box.right, width: box.width, text: (td.textContent ?? '').slice(0, 40) };
      }),
    );
    expect(cells.length).toBeGreaterThan(100);
    const cramped = cells.filter((cell) => cell.left < 0 || cell.right > clientWidth || cell.width < 40);
    expect(cramped).toEqual([]);
    // A table's own wrapper does not scroll either: every column fits.
    const scrolled = await page
      .locator('.table-wrap')
      .evaluateAll((wraps) => wraps.filter((wrap) => wrap.scrollWidth > wrap.clientWidth).length);
    expect(scrolled).toBe(0);
    // Codes break between words, never a letter per line: the longest takes at most three lines.
    const codeLines = await page
      .locator('td > code')
      .evaluateAll((codes) => codes.map((code) => new Set([...code.getClientRects()].map((rect) => Math.round(rect.top))).size));
    expect(Math.max(...codeLines)).toBeLessThanOrEqual(3);
    // A request's body is folded under its caller and path; opened, it wraps inside its cell.
    const step = page.locator('details.request-step').first();
    expect(await step.locator('summary').textContent()).toMatch(/^1\. visitor: POST \/v1\//);
    expect(await step.locator('.request-body').isVisible()).toBe(false);
    await step.locator('summary').click();
    const body = await step.locator('.request-body').boundingBox();
    const cell = await step.locator('xpath=ancestor::td').boundingBox();
    expect(body?.width).toBeGreaterThan(100);
    expect((body?.x ?? 0) + (body?.width ?? 0)).toBeLessThanOrEqual((cell?.x ?? 0) + (cell?.width ?? 0));
    expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(clientWidth);
    await finishWatchedPage(watched);
  });

  it('never scroll sideways at 1280 px, any guide', async () => {
    const watched = await openWatchedPage(env.browser, mockUrl);
    const { page } = watched;
    await page.setViewportSize(VIEWPORT);
    const wide: string[] = [];
    for (const guide of listGuides(new URL('../../docs', import.meta.url).pathname)) {
      await page.goto(`${env.site.url}/guides/${guide.page}`);
      const { scrollWidth, clientWidth } = await overflow(page);
      if (scrollWidth > clientWidth) wide.push(`${guide.page}: ${scrollWidth} > ${clientWidth}`);
    }
    expect(wide).toEqual([]);
    await finishWatchedPage(watched);
  });
});
