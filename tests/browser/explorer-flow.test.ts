import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/harness/mock-process';
import {
  fillBody,
  finishWatchedPage,
  openWatchedPage,
  sendFromExplorer,
  startSiteAndBrowser,
  type WatchedPage,
} from '../support/site-browser';

// The explorer for multi-step QA work, in Chromium against the run's mock: the JSON editor, raw bodies, headers,
// values carried from one answer into the next call, stale answers, copying, wrapping, and the small fixes.
const mockUrl = inject('mockUrl');
const env = startSiteAndBrowser();

const open = async (operationId: string, options: { permissions?: string[] } = {}): Promise<WatchedPage> => {
  const watched = await openWatchedPage(env.browser, mockUrl, options);
  await watched.page.goto(`${env.site.url}/explorer/#/operation/${operationId}`);
  await watched.page.getByTestId('operation-id').filter({ hasText: operationId }).waitFor();
  await expect.poll(() => watched.page.getByTestId('role').textContent(), { timeout: 10_000 }).toBe('visitor');
  return watched;
};

const editorText = (page: Page, id = 'body') => page.getByTestId(`${id}-editor`).evaluate((element) => (element as HTMLElement).innerText);

describe('the explorer for a QA flow', () => {
  it('edits JSON with highlighting, folding and formatting', async () => {
    const watched = await open('addToCurrentCart');
    const { page } = watched;
    await fillBody(
      page,
      '{"lineItems":[{"quantity":1,"catalogReference":{"catalogItemId":"5376f9ec-b92e-efa9-e4a1-f4f480aa0d3a","appId":"215238eb-22a5-4c36-9e7b-e7c08025e04e"}}]}',
    );
    // Highlighting: property names, strings and numbers in colours of their own.
    const colours = await page.evaluate(() => {
      const colourOf = (text: string) => {
        const span = [...document.querySelectorAll('.cm-content span')].find((element) => element.textContent === text);
        return span ? getComputedStyle(span).color : undefined;
      };
      return { name: colourOf('"quantity"'), number: colourOf('1'), string: colourOf('"5376f9ec-b92e-efa9-e4a1-f4f480aa0d3a"') };
    });
    expect(colours.name).toBeDefined();
    expect(new Set([colours.name, colours.number, colours.string]).size).toBe(3);
    // Format: one value per line, indented.
    await page.getByRole('button', { name: 'Format' }).first().click();
    await expect.poll(() => editorText(page)).toContain('\n  "lineItems": [\n    {\n      "quantity": 1,');
    expect(await page.getByRole('button', { name: 'Format' }).first().isDisabled()).toBe(true);
    // Folding: the array folds to a placeholder from the gutter, and unfolds.
    const lines = await page.locator('.cm-line').count();
    await page.locator('.cm-foldGutter .cm-gutterElement span[title="Fold line"]').nth(1).click();
    await expect.poll(() => page.locator('.cm-foldPlaceholder').count()).toBe(1);
    expect(await page.locator('.cm-line').count()).toBeLessThan(lines);
    await page.locator('.cm-foldPlaceholder').click();
    await expect.poll(() => page.locator('.cm-line').count()).toBe(lines);
    await finishWatchedPage(watched);
  });

  it('sends a body that is not JSON as typed, and shows the mock’s answer to it', async () => {
    const watched = await open('addToCurrentCart');
    const { page } = watched;
    await fillBody(page, '{"lineItems": [');
    await expect.poll(() => page.getByTestId('body-errors').textContent()).toContain('(sent as typed)');
    // The syntax error is marked in the editor too.
    await expect.poll(() => page.locator('.cm-lint-marker-error').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    expect(await page.getByTestId('curl').textContent()).toContain(`--data-raw '{"lineItems": ['`);
    const answer = await sendFromExplorer(page);
    expect(answer.status).toBe(400);
    expect(await page.getByTestId('error-name').textContent()).toBe('ApplicationError');
    expect(JSON.parse(answer.body).details.applicationError.code).toBe('INVALID_ARGUMENT');
    expect(await page.getByTestId('verdict').textContent()).toContain('the 400 response of addToCurrentCart');
    await finishWatchedPage(watched);
  });

  it('adds custom headers to the call', async () => {
    const watched = await open('listRecommendationAlgorithms');
    const { page } = watched;
    await page.getByRole('button', { name: 'Add a header' }).click();
    await page.getByLabel('Header name 1').fill('Prefer');
    await page.getByLabel('Header value 1').fill('code=500');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    expect(await page.getByTestId('curl').textContent()).toContain("-H 'prefer: code=500'");
    // The mock answers the declared status the header asks for.
    expect((await sendFromExplorer(page)).status).toBe(500);
    await page.getByLabel('Header name 1').fill('bad header');
    await expect.poll(() => page.getByTestId('form-problems').textContent()).toContain('header "bad header": not a valid header name');
    expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove header 1' }).click();
    expect((await sendFromExplorer(page)).status).toBe(200);
    await finishWatchedPage(watched);
  });

  it('takes a value from one answer into the next call as {{name}}: path, header and body', async () => {
    const watched = await open('createCheckout');
    const { page } = watched;
    const created = await sendFromExplorer(page);
    expect(created.status).toBe(200);
    const checkoutId = JSON.parse(created.body).checkout.id as string;
    await page.getByLabel('Field of the answer').selectOption('checkout.id');
    expect(await page.getByLabel('Keep as').inputValue()).toBe('checkoutId');
    await page.getByRole('button', { name: 'Keep as {{checkoutId}}' }).click();
    await expect.poll(() => page.getByTestId('keep-status').textContent()).toContain(`Kept {{checkoutId}} = "${checkoutId}"`);
    expect(await page.getByTestId('variables').textContent()).toContain(checkoutId);

    await page.goto(`${env.site.url}/explorer/#/operation/getCheckout`);
    await page.getByTestId('operation-id').filter({ hasText: 'getCheckout' }).waitFor();
    await page.getByLabel(/^id/).fill('{{checkoutId}}');
    await page.getByRole('button', { name: 'Add a header' }).click();
    await page.getByLabel('Header name 1').fill('x-qa-checkout');
    await page.getByLabel('Header value 1').fill('{{checkoutId}}');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    const curl = (await page.getByTestId('curl').textContent()) ?? '';
    expect(curl).toContain(`/v1/checkouts/${checkoutId}`);
    expect(curl).toContain(`-H 'x-qa-checkout: ${checkoutId}'`);
    const read = await sendFromExplorer(page);
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body).checkout.id).toBe(checkoutId);

    // In a body, the value lands inside the JSON string; an unknown name is a problem and nothing is sent.
    await page.goto(`${env.site.url}/explorer/#/operation/getCheckoutPaymentSettings`);
    await page.getByTestId('operation-id').filter({ hasText: 'getCheckoutPaymentSettings' }).waitFor();
    await page.getByLabel(/^id/).fill('{{nope}}');
    await expect.poll(() => page.getByTestId('form-problems').textContent()).toContain('no variable {{nope}}');
    await page.goto(`${env.site.url}/explorer/#/operation/addToCheckout`);
    await page.getByTestId('operation-id').filter({ hasText: 'addToCheckout' }).waitFor();
    await page.getByLabel(/^id/).fill('{{checkoutId}}');
    await fillBody(page, '{"lineItems": [{"quantity": 1, "catalogReference": {"catalogItemId": "{{checkoutId}}"}}]}');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    const withBody = (await page.getByTestId('curl').textContent()) ?? '';
    expect(withBody).toContain(`/v1/checkouts/${checkoutId}/add-to-checkout`);
    expect(withBody).toContain(`"catalogItemId":"${checkoutId}"`);
    await finishWatchedPage(watched);
  });

  it('marks an answer stale once the request is edited, copies the answer, and wraps long lines', async () => {
    const watched = await open('listRecommendationAlgorithms', { permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = watched;
    await page.route(`${mockUrl}/v1/recommendations/algorithms*`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({ availableAlgorithms: [{ config: { name: 'x'.repeat(3000) } }] }),
      }),
    );
    const answer = await sendFromExplorer(page);
    expect(answer.status).toBe(200);
    expect(await page.getByTestId('stale').count()).toBe(0);
    const overflow = await page.getByTestId('response-body').evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.getByRole('button', { name: 'Copy answer' }).click();
    await expect.poll(() => page.getByTestId('copy-status').textContent()).toBe('Answer copied to the clipboard.');
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(JSON.parse(answer.body));
    await page.unroute(`${mockUrl}/v1/recommendations/algorithms*`);

    await page.getByLabel('Prefer status').selectOption('500');
    await expect.poll(() => page.getByTestId('answer').getAttribute('data-stale')).toBe('true');
    expect(await page.getByTestId('stale').textContent()).toContain('Stale: the request was edited after this answer');
    await page.getByLabel('Prefer status').selectOption('');
    await expect.poll(() => page.getByTestId('answer').getAttribute('data-stale')).toBe('false');
    await page.getByLabel('Prefer status').selectOption('500');
    expect((await sendFromExplorer(page)).status).toBe(500);
    expect(await page.getByTestId('answer').getAttribute('data-stale')).toBe('false');
    await finishWatchedPage(watched);
  });

  it('says when a search matches nothing, and clears it', async () => {
    const watched = await open('listRecommendationAlgorithms');
    const { page } = watched;
    const all = await page.locator('a[data-operation-id]').count();
    await page.getByLabel('Search operations').fill('no-such-operation-anywhere');
    await expect.poll(() => page.getByTestId('no-matches').textContent()).toContain('No operation matches “no-such-operation-anywhere”');
    expect(await page.locator('a[data-operation-id]').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect.poll(() => page.locator('a[data-operation-id]').count()).toBe(all);
    expect(await page.getByLabel('Search operations').inputValue()).toBe('');
    await page.getByLabel('Search operations').fill('cart');
    await expect.poll(() => page.locator('a[data-operation-id]').count()).toBeLessThan(all);
    await page.getByLabel('Search operations').press('Escape');
    await expect.poll(() => page.locator('a[data-operation-id]').count()).toBe(all);
    await finishWatchedPage(watched);
  });

  it('lands on the operation after the PKCE redirect, and says merchant once switched to the API key', async () => {
    const watched = await open('getMyMember');
    const { page } = watched;
    await page.getByRole('button', { name: 'Sign in by redirect (PKCE)' }).click();
    await expect.poll(() => page.getByTestId('role').textContent(), { timeout: 10_000 }).toBe('member');
    expect(page.url()).toMatch(/\/explorer\/#\/operation\/getMyMember$/);
    await page.getByTestId('operation-id').filter({ hasText: 'getMyMember' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Try the API against the mock' }).count()).toBe(0);

    await page.getByLabel('Merchant (API key)').check();
    await expect.poll(() => page.getByTestId('role').textContent()).toBe('merchant (API key)');
    const status = (await page.getByTestId('auth-status').textContent()) ?? '';
    expect(status).not.toContain('Signed in as');
    expect(status).toContain('Calls carry the API key');
    await finishWatchedPage(watched);
  });

  it('tells an unreachable mock apart from a mock without controls', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const watched = await openWatchedPage(env.browser, mockUrl);
    const { page } = watched;
    await page.goto(`${env.site.url}/explorer/?mock=${closed}#/operation/listRecommendationAlgorithms`);
    await page.getByTestId('operation-id').waitFor();
    await expect.poll(() => page.getByTestId('unreachable').textContent()).toContain(`Cannot reach the mock at ${closed}`);
    await expect.poll(() => page.getByTestId('controls-unreachable').textContent()).toContain('cannot be reached');
    expect(await page.locator('body').innerText()).not.toContain('this mock has no /__mock/ controls');
    await watched.context.close();
    expect(watched.offHost).toEqual([]);
    // The browser logs each refused connection; nothing else may fail.
    expect(watched.errors.filter((line) => !line.includes('ERR_CONNECTION_REFUSED'))).toEqual([]);
  });
});
