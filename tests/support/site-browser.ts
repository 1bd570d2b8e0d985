// The built site (docs-site/dist/) served from a plain static server on 127.0.0.1, opened in Debian's Chromium
// with every request to another host blocked and recorded, and the page's console errors collected.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { type StaticSite, serveStatic } from '../../docs-site/server/static-server';
import { launchChromium } from '../../scripts/harness/chromium';

export const SITE_DIR = new URL('../../docs-site/dist', import.meta.url).pathname;

export const serveSite = (): Promise<StaticSite> => serveStatic(SITE_DIR);

export interface WatchedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Requests to any host but 127.0.0.1 (blocked). */
  readonly offHost: string[];
  /** Console errors and uncaught exceptions of the page. */
  readonly errors: string[];
}

// Chromium logs every non-2xx answer a page fetches as a console error ("Failed to load resource: the server
// responded with a status of 400"). The tests provoke such answers from the mock on purpose (an invalid body,
// a mock without controls): those lines, for the mock's URL only, are the API speaking, not the page failing.
const API_STATUS_LINE = /^Failed to load resource: the server responded with a status of \d{3}/;

export const openWatchedPage = async (
  browser: Browser,
  mockUrl: string,
  options: { permissions?: string[] } = {},
): Promise<WatchedPage> => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  if (options.permissions) await context.grantPermissions(options.permissions);
  const offHost: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    offHost.push(url.href);
    return route.abort('blockedbyclient');
  });
  // The explorer talks to the test's mock, never to whatever may listen on the default port 4010.
  await context.addInitScript((url) => {
    const key = 'storefront-explorer.settings';
    if (location.protocol === 'http:' && !localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ mockUrl: url }));
  }, mockUrl);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (API_STATUS_LINE.test(message.text()) && message.location().url.startsWith(`${mockUrl}/`)) return;
    errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { context, page, offHost, errors };
};

/** The built site and a Chromium, for the tests of one file: started before them, stopped after them. */
export interface SiteAndBrowser {
  readonly browser: Browser;
  readonly site: StaticSite;
}

export const startSiteAndBrowser = (): SiteAndBrowser => {
  let browser: Browser | undefined;
  let site: StaticSite | undefined;
  beforeAll(async () => {
    site = await serveSite();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  const started = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`the ${name} is started before the file's tests, not while they are collected`);
    return part;
  };
  return {
    get browser() {
      return started(browser, 'browser');
    },
    get site() {
      return started(site, 'site');
    },
  };
};

/** Closes the page and checks what every page test must hold: no request off this host, no console error. */
export const finishWatchedPage = async ({ context, offHost, errors }: WatchedPage): Promise<void> => {
  await context.close();
  expect(offHost).toEqual([]);
  expect(errors).toEqual([]);
};

/**
 * Replaces the whole text of the explorer's body editor. CodeMirror draws only the lines in view, so a DOM
 * selection (what `fill` makes) may miss part of a long example; its own select-all takes the whole document.
 */
export const fillBody = async (page: Page, text: string): Promise<void> => {
  const editor = page.getByLabel('Body (JSON)');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
  // One-line texts here: the editor's content reads back as the text itself.
  await expect.poll(() => editor.textContent()).toBe(text);
};

/**
 * Presses the explorer's Send and waits until the call is recorded in its history (an operation's first call
 * compiles its validators in the mock, which takes over a second on a busy machine); the answer's status and body.
 */
export const sendFromExplorer = async (page: Page): Promise<{ status: number; body: string }> => {
  const recorded = () =>
    page
      .getByTestId('history')
      .locator('li')
      .count()
      .catch(() => 0);
  const before = await recorded();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(recorded, { timeout: 10_000 }).toBe(before + 1);
  return {
    status: Number((await page.getByTestId('status').textContent())?.split(' ')[0]),
    body: (await page.getByTestId('response-body').textContent()) ?? '',
  };
};
