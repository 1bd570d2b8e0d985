import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { EXPLORER_JS_BUDGET_GZIP, loadExplorer } from '../../scripts/bench/explorer-metrics';
import { exampleRequest } from '../../spec-model/examples';
import { loadOperations } from '../../spec-model/load';
import { merchantHeaders } from '../support/mock-credentials';
import {
  fillBody,
  finishWatchedPage,
  openWatchedPage,
  SITE_DIR,
  sendFromExplorer,
  startSiteAndBrowser,
  type WatchedPage,
} from '../support/site-browser';
import { startWebhookReceiver } from '../support/webhook-receiver';

// The explorer of the built site in Chromium, against the run's mock; nothing but 127.0.0.1 is reachable.
const mockUrl = inject('mockUrl');
const run = promisify(execFile);
const env = startSiteAndBrowser();

/** A fresh browser context (its own storage, so its own mock session and tokens) on the explorer. */
const openExplorer = async (hash = '', options: { permissions?: string[] } = {}): Promise<WatchedPage> => {
  const watched = await openWatchedPage(env.browser, mockUrl, options);
  await watched.page.goto(`${env.site.url}/explorer/${hash}`);
  await watched.page.getByLabel('Search operations').waitFor();
  return watched;
};

const openOperation = async (page: Page, operationId: string) => {
  await page.goto(`${env.site.url}/explorer/#/operation/${operationId}`);
  await page.getByTestId('operation-id').filter({ hasText: operationId }).waitFor();
};

const waitForRole = (page: Page, role: string) => expect.poll(() => page.getByTestId('role').textContent(), { timeout: 10_000 }).toBe(role);

describe('the explorer', () => {
  it('lists every operation of both families, grouped by tag and searchable; picks GET /v1/recommendations/algorithms, sends it and shows 200 with the contract verdict', async () => {
    const watched = await openExplorer();
    const { page } = watched;
    const total = loadOperations('commerce').length + loadOperations('platform').length;
    expect(await page.locator('a[data-operation-id]').count()).toBe(total);
    expect(await page.getByRole('heading', { name: 'commerce Current cart' }).count()).toBe(1);
    await page.getByLabel('Search operations').fill('recommendations algorithms');
    await expect.poll(() => page.locator('a[data-operation-id]').count()).toBe(1);
    await page.locator('a[data-operation-id="listRecommendationAlgorithms"]').click();
    await page.getByRole('heading', { name: /GET\s+\/v1\/recommendations\/algorithms/ }).waitFor();
    await waitForRole(page, 'visitor');

    const answer = await sendFromExplorer(page);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body ?? '').availableAlgorithms.length).toBeGreaterThan(0);
    expect(await page.getByTestId('verdict').textContent()).toContain('✓ Matches the contract');
    expect(await page.getByTestId('verdict').textContent()).toContain('the 200 response of listRecommendationAlgorithms');
    expect(await page.getByTestId('request-id').textContent()).toMatch(/\S+/);

    // Kept in this browser and replayable.
    await page
      .getByRole('button', { name: /^Replay listRecommendationAlgorithms/ })
      .first()
      .click();
    await expect.poll(() => page.getByTestId('history').locator('li').count()).toBe(2);
    await page.reload();
    await expect.poll(() => page.getByTestId('history').locator('li').count()).toBe(2);
    await finishWatchedPage(watched);
  });

  it('shows the session’s events live, newest first, with type, entity id, payload, the call that caused them and their webhook deliveries', async () => {
    const receiver = await startWebhookReceiver(() => 200);
    const watched = await openExplorer();
    const { page } = watched;
    try {
      const session = await page.getByLabel('Session (x-mock-session)').inputValue();
      const subscribed = await fetch(`${mockUrl}/__mock/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${receiver.url}/explorer`, session }),
      });
      expect(subscribed.status).toBe(200);
      await openOperation(page, 'addToCurrentCart');
      expect((await sendFromExplorer(page)).status).toBe(200);
      const requestId = await page.getByTestId('request-id').textContent();
      const newest = page.getByTestId('event').first();
      await expect.poll(() => newest.getAttribute('data-request-id')).toBe(requestId);
      expect(await newest.getByTestId('event-type').textContent()).toMatch(/^wix\.ecom\.v1\.cart_(created|updated)$/);
      const cartId = (await newest.getByTestId('event-entity').textContent()) ?? '';
      expect(cartId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await newest.getByTestId('event-cause').textContent()).toMatch(
        /caused by POST \/v1\/carts\/current\/add-to-cart → 200 \(addToCurrentCart\)/,
      );
      const payload = JSON.parse((await newest.getByTestId('event-payload').textContent()) ?? '') as {
        createdEvent?: { entity: { id: string } };
        updatedEvent?: { currentEntity: { id: string } };
      };
      expect(payload.createdEvent?.entity.id ?? payload.updatedEvent?.currentEntity.id).toBe(cartId);
      await expect.poll(() => newest.getByTestId('event-delivery').textContent(), { timeout: 10_000 }).toBe('webhooks: 1 of 1 delivered');
      expect(receiver.at('/explorer').length).toBeGreaterThan(0);

      // A call made elsewhere in the session shows up on top without an explorer call: the list is live.
      const review = await fetch(`${mockUrl}/v1/reviews`, {
        method: 'POST',
        headers: { ...merchantHeaders(session), 'content-type': 'application/json' },
        body: JSON.stringify({
          review: {
            namespace: 'stores',
            entityId: 'c8539b66-7a44-fe18-affc-afec4be8562a',
            content: { rating: 4 },
            author: { authorName: 'QA' },
          },
        }),
      });
      const { review: created } = (await review.json()) as { review: { id: string } };
      await expect
        .poll(() => page.getByTestId('event').first().getByTestId('event-type').textContent(), { timeout: 10_000 })
        .toBe('wix.reviews.v1.review_created');
      expect(await page.getByTestId('event').first().getByTestId('event-entity').textContent()).toBe(created.id);
      expect(await page.getByTestId('event').first().getByTestId('event-cause').textContent()).toContain(
        'caused by createReview · WIX_USER',
      );
    } finally {
      await receiver.close();
    }
    await finishWatchedPage(watched);
  });

  it('adds to the cart, then the current cart holds the item (needs the stateful mock)', async () => {
    const add = loadOperations('commerce').find((operation) => operation.operationId === 'addToCurrentCart');
    if (!add) throw new Error('no addToCurrentCart');
    const [item] = (exampleRequest(add).body as { lineItems: { quantity: number; catalogReference: { catalogItemId: string } }[] })
      .lineItems;
    if (!item) throw new Error('the example adds no line item');
    const quantityInCart = (answer: { status: number; body: string | null }): number => {
      if (answer.status === 404) return 0;
      expect(answer.status).toBe(200);
      const { cart } = JSON.parse(answer.body ?? '') as {
        cart: { lineItems?: { quantity: number; catalogReference?: { catalogItemId?: string } }[] };
      };
      return (cart.lineItems ?? [])
        .filter((line) => line.catalogReference?.catalogItemId === item.catalogReference.catalogItemId)
        .reduce((sum, line) => sum + line.quantity, 0);
    };
    const watched = await openExplorer();
    const { page } = watched;
    await openOperation(page, 'getCurrentCart');
    const before = quantityInCart(await sendFromExplorer(page));
    await openOperation(page, 'addToCurrentCart');
    const added = await sendFromExplorer(page);
    expect(added.status).toBe(200);
    await openOperation(page, 'getCurrentCart');
    const after = quantityInCart(await sendFromExplorer(page));
    expect(after, `catalog item ${item.catalogReference.catalogItemId}: ${before} in the cart before adding ${item.quantity}`).toBe(
      before + item.quantity,
    );
    await finishWatchedPage(watched);
  });

  it('shows schema errors in the body as it is typed, marked in the editor, and the mock’s field violation when it is sent', async () => {
    const watched = await openExplorer('#/operation/addToCurrentCart');
    const { page } = watched;
    await fillBody(page, '{"lineItems": [{"quantity": "many"}]}');
    await expect.poll(() => page.getByTestId('body-errors').textContent()).toContain('lineItems[0].quantity');
    // Marked where it is: the editor underlines the field, and its gutter says why.
    await expect.poll(() => page.locator('.cm-lintRange-error').allTextContents()).toContain('"quantity": "many"');
    const answer = await sendFromExplorer(page);
    expect(answer.status).toBe(400);
    expect(await page.getByTestId('error-name').textContent()).toBe('ValidationError');
    expect(await page.getByTestId('error-violations').textContent()).toContain('lineItems[0].quantity');
    // The 400 itself is what the contract declares for a bad request.
    expect(await page.getByTestId('verdict').textContent()).toContain('the 400 response of addToCurrentCart');
    await finishWatchedPage(watched);
  });

  it('signs a member in with e-mail and password: the role changes from visitor to member', async () => {
    const watched = await openExplorer('#/operation/getMyMember');
    const { page } = watched;
    await waitForRole(page, 'visitor');
    await page.getByLabel('E-mail').fill('shopper@example.com');
    await page.getByRole('button', { name: 'Sign in as member' }).click();
    await waitForRole(page, 'member');
    expect(await page.getByTestId('auth-status').textContent()).toBe('Signed in as shopper@example.com.');
    expect((await sendFromExplorer(page)).status).toBe(200);
    await finishWatchedPage(watched);
  });

  it('signs a member in by redirect (PKCE) through the mock’s authorize page, and back on the same operation', async () => {
    const watched = await openExplorer('#/operation/getMyMember');
    const { page } = watched;
    await waitForRole(page, 'visitor');
    await page.getByRole('button', { name: 'Sign in by redirect (PKCE)' }).click();
    await waitForRole(page, 'member');
    expect(page.url()).toMatch(/\/explorer\/#\/operation\/getMyMember$/);
    await finishWatchedPage(watched);
  });

  it('switches to the merchant API key: the role says so and calls carry the key', async () => {
    const watched = await openExplorer('#/operation/listRecommendationAlgorithms');
    const { page } = watched;
    await page.getByLabel('Merchant (API key)').check();
    await waitForRole(page, 'merchant (API key)');
    expect(await page.getByLabel('API key', { exact: true }).inputValue()).toBe('mock-api-key');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    expect(await page.getByTestId('curl').textContent()).toContain("-H 'authorization: mock-api-key'");
    await finishWatchedPage(watched);
  });

  it('copies a call as curl, and the command gets the same answer from the mock', async () => {
    const watched = await openExplorer('#/operation/listRecommendationAlgorithms', { permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = watched;
    const shown = await sendFromExplorer(page);
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    const command = (await page.getByTestId('curl').textContent()) ?? '';
    expect(command).toMatch(/^curl -sS '/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    const { stdout } = await run('sh', ['-c', command], { timeout: 10_000 });
    expect(JSON.parse(stdout)).toEqual(JSON.parse(shown.body ?? ''));

    await page.getByRole('button', { name: 'Copy as code' }).click();
    const code = (await page.getByTestId('code').textContent()) ?? '';
    expect(code).toContain("import { listRecommendationAlgorithms } from 'storefront-api/platform';");
    expect(code).toContain('await listRecommendationAlgorithms(client)');
    expect(code).toContain('useListRecommendationAlgorithms(');
    await finishWatchedPage(watched);
  });

  it('is usable by keyboard alone: search, open an operation by its deep link, send', async () => {
    const watched = await openExplorer();
    const { page } = watched;
    const tabTo = async (matches: () => Promise<boolean>, limit = 40) => {
      for (let i = 0; i < limit; i += 1) {
        if (await matches()) return;
        await page.keyboard.press('Tab');
      }
      throw new Error('not reachable with Tab');
    };
    await tabTo(() => page.evaluate(() => document.activeElement?.id === 'operation-search'));
    await page.keyboard.type('algorithms');
    await tabTo(() => page.evaluate(() => document.activeElement?.getAttribute('data-operation-id') === 'listRecommendationAlgorithms'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('operation-title');
    expect(page.url()).toMatch(/#\/operation\/listRecommendationAlgorithms$/);
    await tabTo(() => page.evaluate(() => document.activeElement?.textContent === 'Send'));
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page
          .getByTestId('status')
          .textContent()
          .catch(() => ''),
      )
      .toMatch(/^200/);
    await finishWatchedPage(watched);
  });

  it('says plainly when the mock has no scenario controls (404), and keeps working', async () => {
    const watched = await openWatchedPage(env.browser, mockUrl);
    const { page } = watched;
    // A mock without /__mock/ controls, whatever mode the run's mock is in.
    await page.route(`${mockUrl}/__mock/**`, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"message":"NOT_FOUND","details":{"applicationError":{"code":"NOT_FOUND","description":"No operation"}}}',
      }),
    );
    await page.goto(`${env.site.url}/explorer/#/operation/listRecommendationAlgorithms`);
    await expect.poll(() => page.getByTestId('mock-health').textContent()).toContain('need the stateful mock');
    await page.getByRole('button', { name: 'Reset session' }).click();
    await expect.poll(() => page.getByTestId('mock-status').textContent()).toContain('This mock has no POST /__mock/reset control (404)');
    await page.getByLabel('Latency (ms)').fill('200');
    await page.getByRole('button', { name: 'Apply to the mock' }).click();
    await expect
      .poll(() => page.getByTestId('scenario-status').textContent())
      .toContain('/__mock/scenarios/listRecommendationAlgorithms control (404)');
    // The Prefer part of the scenario works in any mode: ask for the declared 500.
    await page.getByLabel('Prefer status').selectOption('500');
    const answer = await sendFromExplorer(page);
    expect(answer.status).toBe(500);
    expect(await page.getByTestId('error-name').textContent()).toBe('SystemError');
    await finishWatchedPage(watched);
  });

  it("shows the mock's own failure as a mock failure, and a code the operation does not declare as a broken contract", async () => {
    const watched = await openExplorer('#/operation/listRecommendationAlgorithms');
    const { page } = watched;
    await page.getByTestId('operation-id').filter({ hasText: 'listRecommendationAlgorithms' }).waitFor();
    await waitForRole(page, 'visitor');
    // The mock's scenario control makes its next answer a 500 INTERNAL, the mock's own failure.
    await page.getByLabel('Force on the mock').selectOption('500');
    // The code is offered from the ones the operation declares for the status; the mock refuses any other.
    const code = page.getByLabel('code', { exact: true });
    expect(await code.getAttribute('placeholder')).toBe('INTERNAL');
    expect(
      await page
        .locator(`datalist#${await code.getAttribute('list')} option`)
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['INTERNAL']);
    await code.fill('NOT_A_DECLARED_CODE');
    await page.getByRole('button', { name: 'Apply to the mock' }).click();
    await expect
      .poll(() => page.getByTestId('scenario-status').textContent())
      .toContain('NOT_A_DECLARED_CODE is not a code listRecommendationAlgorithms declares for 500');
    await code.fill('INTERNAL');
    await page.getByLabel('times').fill('1');
    await page.getByRole('button', { name: 'Apply to the mock' }).click();
    await expect.poll(() => page.getByTestId('scenario-status').textContent()).toContain('Scenario set on the mock');
    expect((await sendFromExplorer(page)).status).toBe(500);
    const failed = await page.getByTestId('verdict').textContent();
    expect(failed).toContain('✗ Mock failure');
    expect(failed).not.toContain('Matches the contract');
    expect(await page.getByTestId('mock-failure').textContent()).toContain('Forced by the listRecommendationAlgorithms scenario');

    // An answer whose code the operation does not declare for its status breaks the contract, naming the code.
    await page.route(`${mockUrl}/v1/recommendations/algorithms*`, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*', 'x-wix-request-id': 'forged-by-the-test' },
        body: JSON.stringify({
          message: 'ORDER_NOT_FOUND',
          details: { applicationError: { code: 'ORDER_NOT_FOUND', description: 'not this operation' } },
        }),
      }),
    );
    expect((await sendFromExplorer(page)).status).toBe(400);
    expect(await page.getByTestId('verdict').textContent()).toContain('✗ Breaks the contract (1)');
    const violations = await page.getByTestId('verdict-violations').textContent();
    expect(violations).toContain('details.applicationError.code');
    expect(violations).toContain(
      'ORDER_NOT_FOUND is not a code listRecommendationAlgorithms declares for 400 (it declares INVALID_ARGUMENT)',
    );
    expect(violations).toContain('UNDECLARED_CODE');
    await page.unroute(`${mockUrl}/v1/recommendations/algorithms*`);
    expect((await sendFromExplorer(page)).status).toBe(200);
    expect(await page.getByTestId('verdict').textContent()).toContain('✓ Matches the contract');
    await finishWatchedPage(watched);
  });

  it('has no serious or critical accessibility violation (axe-core), in light and in dark', async () => {
    const axe = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
    for (const colorScheme of ['light', 'dark'] as const) {
      const watched = await openExplorer('#/operation/addToCurrentCart');
      const { page } = watched;
      await page.emulateMedia({ colorScheme });
      await fillBody(page, '{"lineItems": [{"quantity": "many"}]}');
      await sendFromExplorer(page);
      await page.addScriptTag({ content: axe });
      const violations = await page.evaluate(async () => {
        const result = await (
          window as unknown as {
            axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
          }
        ).axe.run();
        return result.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id} (${violation.impact}): ${violation.nodes
                .map((node) => node.target.join(' '))
                .slice(0, 5)
                .join(', ')}`,
          );
      });
      expect(violations, colorScheme).toEqual([]);
      await finishWatchedPage(watched);
    }
  });

  it(`loads at most ${EXPLORER_JS_BUDGET_GZIP / 1024} KB of JavaScript (gzip) before the first operation is opened`, async () => {
    const load = await loadExplorer(env.browser, `${env.site.url}/explorer/?mock=${mockUrl}`);
    expect(load.scripts.length).toBeGreaterThan(0);
    expect(load.jsGzipBytes, load.scripts.map((script) => `${script.url} ${script.gzip}`).join('\n')).toBeLessThanOrEqual(
      EXPLORER_JS_BUDGET_GZIP,
    );
    expect(Number.isFinite(load.firstRenderMs)).toBe(true);
    // React's production build: the test runner's NODE_ENV=test must not leak into the site build.
    const entry = /src="\.\.\/(assets\/explorer-[^"]+\.js)"/.exec(readFileSync(join(SITE_DIR, 'explorer', 'index.html'), 'utf8'))?.[1];
    expect(entry).toBeDefined();
    expect(readFileSync(join(SITE_DIR, entry ?? ''), 'utf8')).not.toContain('jsxDEV');
  });
});
