import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CONNECTION_FAULTS, GATEWAY_STATUSES } from '../../src/protocol';
import { finishWatchedPage, openWatchedPage, sendFromExplorer, startSiteAndBrowser, type WatchedPage } from '../support/site-browser';

// The explorer forcing the answers a client must survive, in Chromium against the run's mock: a gateway answer
// with Retry-After, and a connection reset, each chosen in the scenario bar and shown as the browser met it.
const mockUrl = inject('mockUrl');
const env = startSiteAndBrowser();
const OPERATION = 'listRecommendationAlgorithms';

const open = async (): Promise<WatchedPage> => {
  const watched = await openWatchedPage(env.browser, mockUrl);
  await watched.page.goto(`${env.site.url}/explorer/#/operation/${OPERATION}`);
  await watched.page.getByTestId('operation-id').filter({ hasText: OPERATION }).waitFor();
  await expect.poll(() => watched.page.getByTestId('role').textContent(), { timeout: 10_000 }).toBe('visitor');
  return watched;
};

const force = async (page: Page, choice: string, fields: { retryAfter?: string; times?: string } = {}) => {
  await page.getByLabel('Force on the mock').selectOption(choice);
  if (fields.retryAfter !== undefined) await page.getByLabel('Retry-After (s)').fill(fields.retryAfter);
  if (fields.times !== undefined) await page.getByLabel('times').fill(fields.times);
  await page.getByRole('button', { name: 'Apply to the mock' }).click();
  await expect.poll(() => page.getByTestId('scenario-status').textContent()).toContain('Scenario set on the mock');
};

const optionValues = (page: Page, group: string) =>
  page
    .getByLabel('Force on the mock')
    .locator(`optgroup[label^="${group}"] option`)
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

describe('the explorer forcing gateway answers and connection faults', () => {
  it('offers the gateway answers and faults the protocol declares, and shows a 429 with its Retry-After', async () => {
    const watched = await open();
    const { page } = watched;
    // The lists are the protocol's, not the explorer's own.
    expect(await optionValues(page, 'Gateway answers')).toEqual(GATEWAY_STATUSES.map(String));
    expect(await optionValues(page, 'Connection faults')).toEqual([...CONNECTION_FAULTS]);
    expect(await optionValues(page, 'Errors the operation declares')).not.toContain('429');

    await force(page, '429', { retryAfter: '2', times: '1' });
    expect(await page.getByTestId('scenario-status').textContent()).toContain(
      '429 Too Many Requests with Retry-After 2 s on the next call',
    );
    expect(await page.getByTestId('force-hint').textContent()).toContain('Retry-After');
    const answer = await sendFromExplorer(page);
    expect(answer.status).toBe(429);
    expect(JSON.parse(answer.body).details.applicationError.code).toBe('TOO_MANY_REQUESTS');
    expect(await page.getByTestId('retry-after').textContent()).toBe('Retry-After 2 s');
    expect(await page.getByTestId('error-name').textContent()).toBe('ApplicationError');
    expect(await page.getByTestId('error').textContent()).toContain('retryAfterMs 2000');
    expect(await page.getByTestId('verdict').textContent()).toContain('✓ Matches the contract');
    // Forced once: the next call answers normally.
    expect((await sendFromExplorer(page)).status).toBe(200);
    expect(await page.getByTestId('retry-after').count()).toBe(0);
    await finishWatchedPage(watched);
  });

  it('retries as the runtime does when asked: a 503 waited out for its Retry-After, then the answer', async () => {
    const watched = await open();
    const { page } = watched;
    await force(page, '503', { retryAfter: '1', times: '1' });
    await page.getByLabel('Retry as the runtime does (GET)').check();
    const started = Date.now();
    const answer = await sendFromExplorer(page);
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const attempts = await page.getByTestId('attempts').locator('li').allTextContents();
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toMatch(/^503 Service Unavailable · Retry-After 1 · \d+ ms$/);
    expect(attempts[1]).toMatch(/^200 OK · \d+ ms$/);
    await finishWatchedPage(watched);
  });

  it('shows a reset connection as no answer, in the browser’s words, until the scenario is lifted', async () => {
    const watched = await open();
    const { page } = watched;
    await page.getByLabel('Force on the mock').selectOption('reset');
    // A fault has no status: no code and no Retry-After to give.
    expect(await page.getByLabel('code', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Retry-After (s)').count()).toBe(0);
    expect(await page.getByTestId('force-hint').textContent()).toContain('connection reset before an answer');
    // On every call: a browser sends a request again by itself, once, when a connection it reused is reset.
    await force(page, 'reset');
    expect(await page.getByTestId('scenario-status').textContent()).toContain('reset (connection reset before an answer) on every call');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByTestId('status').textContent(), { timeout: 10_000 }).toBe('no answer');
    expect(await page.getByTestId('network-failure').textContent()).toContain('No answer: the connection failed before any status came');
    expect(await page.getByTestId('network-error').textContent()).toBe('TypeError: Failed to fetch');
    expect(await page.getByTestId('error-name').textContent()).toBe('SystemError');
    expect(await page.getByTestId('verdict').count()).toBe(0);
    expect(await page.getByTestId('response-body').count()).toBe(0);
    // Chromium logs each reset call as a console error, for the mock's URL: that is the fault, not the page failing.
    const resets = watched.errors.filter((line) => line.includes('net::ERR_CONNECTION_RESET') && line.includes(`(${mockUrl}/`));
    expect(resets.length).toBeGreaterThan(0);
    watched.errors.splice(0, watched.errors.length, ...watched.errors.filter((line) => !resets.includes(line)));

    await force(page, '');
    expect(await page.getByTestId('scenario-status').textContent()).toContain('answers normally');
    expect((await sendFromExplorer(page)).status).toBe(200);
    expect(await page.getByTestId('network-failure').count()).toBe(0);
    await finishWatchedPage(watched);
  });
  it('shows a cut-off body as far as it came, and gives up a stalled one on Stop', async () => {
    const watched = await open();
    const { page } = watched;
    await force(page, 'truncate', { times: '1' });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('network-failure').textContent(), { timeout: 10_000 })
      .toMatch(/^✗ The body broke off after \d+ of the \d+ bytes its Content-Length declares had come\./);
    expect(await page.getByTestId('error-name').textContent()).toBe('SystemError');
    expect(await page.getByTestId('verdict').count()).toBe(0);
    const cut = watched.errors.filter((line) => line.includes('net::ERR_CONTENT_LENGTH_MISMATCH') && line.includes(`(${mockUrl}/`));
    watched.errors.splice(0, watched.errors.length, ...watched.errors.filter((line) => !cut.includes(line)));

    await force(page, 'stall', { times: '1' });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('waiting').waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => page.getByTestId('network-failure').textContent(), { timeout: 10_000 }).toMatch(/^✗ Stopped after \d+ of the/);
    expect(await page.getByTestId('network-error').textContent()).toContain('AbortError');
    expect(await page.getByTestId('status').textContent()).toMatch(/^200/);
    await finishWatchedPage(watched);
  });
});
