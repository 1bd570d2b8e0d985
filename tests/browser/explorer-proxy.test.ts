import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StaticSite } from '../../docs-site/server/static-server';
import { type RunningMock, startMock } from '../../mock/start-mock';
import { launchChromium } from '../../scripts/harness/chromium';
import { openWatchedPage, serveSite } from '../support/site-browser';

// The explorer pointed at the mock's proxy mode (in front of the run's stateful mock, standing for a real API):
// the proxy's verdict header is shown beside the explorer's own verdict.
let browser: Browser;
let site: StaticSite;
let proxy: RunningMock;

beforeAll(async () => {
  site = await serveSite();
  browser = await launchChromium();
  proxy = await startMock({
    port: 0,
    mode: 'proxy',
    proxy: { upstream: inject('mockUrl'), upstreamTimeoutMs: 5_000, recordDir: undefined },
    log: () => undefined,
  });
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await browser?.close();
  await site?.close();
});

describe('the explorer against a proxy', () => {
  it("shows the proxy's verdict next to its own", async () => {
    const { context, page, offHost } = await openWatchedPage(browser, proxy.url);
    try {
      await page.goto(`${site.url}/explorer/#/operation/listRecommendationAlgorithms`);
      await page.getByTestId('operation-id').filter({ hasText: 'listRecommendationAlgorithms' }).waitFor();
      await expect.poll(() => page.getByTestId('role').textContent(), { timeout: 10_000 }).toBe('visitor');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByTestId('proxy-verdict').waitFor();
      expect(await page.getByTestId('status').textContent()).toMatch(/^200 /);
      expect(await page.getByTestId('verdict').textContent()).toContain('✓ Matches the contract');
      expect(await page.getByTestId('proxy-verdict').textContent()).toContain('✓ The proxy found the exchange within the contract');
      expect(offHost).toEqual([]);
      const report = (await (await fetch(`${proxy.url}/__mock/violations`)).json()) as { byOperation: Record<string, { checked: number }> };
      expect(report.byOperation.listRecommendationAlgorithms?.checked).toBe(1);
    } finally {
      await context.close();
    }
  });
});
