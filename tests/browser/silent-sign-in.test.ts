import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../scripts/harness/chromium';
import { bundleForBrowser, servePage } from '../support/browser';
import type { SilentSignInReport } from './silent-sign-in-page';

// Silent sign-in in real Chromium: a page on one origin, the mock's authorize page on another.
const mockUrl = inject('mockUrl');
let browser: Browser;
let server: Server;
let page: Page;

beforeAll(async () => {
  const script = await bundleForBrowser(new URL('./silent-sign-in-page.ts', import.meta.url).pathname, 'SilentSignIn');
  const served = await servePage(script);
  server = served.server;
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(served.url);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (server) await new Promise((resolve) => server.close(resolve));
});

const runInPage = (sessionToken: string, timeoutMs: number, forge = false): Promise<SilentSignInReport> =>
  page.evaluate(
    ([url, token, ms, forged]) =>
      (window as unknown as { SilentSignIn: { run: (...a: unknown[]) => Promise<SilentSignInReport> } }).SilentSignIn.run(
        url,
        token,
        ms,
        forged,
      ),
    [mockUrl, sessionToken, timeoutMs, forge] as const,
  );

describe('silent sign-in in Chromium', () => {
  it('gets member tokens from the message the authorize frame posts, then removes the frame', async () => {
    const report = await runInPage('session-token-from-login', 10_000);
    expect(report).toEqual({ role: 'member', loggedIn: true, framesLeft: 0, frameSeen: true });
  });

  it("fails with 'OAuth flow timed out' when no answer comes, and removes the frame", async () => {
    const report = await runInPage('never-answer', 1_500);
    expect(report).toEqual({ error: 'OAuth flow timed out', framesLeft: 0, frameSeen: true });
  });

  it('ignores a message with the right state from another origin', async () => {
    const report = await runInPage('never-answer', 1_500, true);
    expect(report.error).toBe('OAuth flow timed out');
    expect(report.framesLeft).toBe(0);
  });
});
