import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { isPlatformErrorBody } from '../../scripts/harness/fuzz-requests';
import { API_KEY } from '../support/mock-credentials';

// The control API under /__mock/ (README, QA section), as QA and the explorer use it: health, fixtures, seed,
// reset, the request log, scenarios (latency, forced failures), the state dump and the recorded events.
const baseUrl = inject('mockUrl');
const SESSION = 'controls';
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { Authorization: API_KEY, 'x-mock-session': SESSION, 'content-type': 'application/json', ...init.headers },
  });
const control = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${baseUrl}/__mock/${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};
const post = (path: string, body: unknown) => control(path, { method: 'POST', body: JSON.stringify(body) });

describe('mock controls', () => {
  it("health names the mode, the package's version, the families and the sessions", async () => {
    await api('/v1/carts/current');
    const { status, body } = await control('health');
    expect(status).toBe(200);
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(body).toMatchObject({ mode: 'stateful', version, families: ['commerce', 'platform'] });
    expect(body.sessions).toContain(SESSION);
  });

  it('seeds a session from a named fixture, dumps its state and resets it to the default fixture', async () => {
    expect((await control('fixtures')).body.fixtures).toEqual(expect.arrayContaining(['default', 'empty']));
    const seeded = await post('seed', { fixture: 'empty', session: 'controls-seed' });
    expect(seeded.body).toMatchObject({ session: 'controls-seed', fixture: 'empty', counts: { storeCollections: 1 } });
    expect((await control('state?session=controls-seed')).body.collections.products).toBeUndefined();
    expect((await post('reset', { session: 'controls-seed' })).body).toEqual({ reset: ['controls-seed'] });
    const { body } = await control('state?session=controls-seed');
    expect(body.session).toBe('controls-seed');
    expect(body.collections.products.length).toBeGreaterThan(5);
    expect((await post('seed', { fixture: 'no-such-fixture' })).status).toBe(400);
  });

  it('logs each request of a session, newest first, filtered by operation', async () => {
    await post('reset', { session: SESSION });
    await api('/v1/carts/current');
    await api('/v1/products/no-such-product');
    const { body } = await control(`requests?session=${SESSION}&limit=5`);
    expect(body.requests.slice(0, 2)).toEqual([
      expect.objectContaining({ method: 'GET', path: '/v1/products/no-such-product', operationId: 'getProduct', status: 404 }),
      expect.objectContaining({ method: 'GET', path: '/v1/carts/current', operationId: 'getCurrentCart', status: 200 }),
    ]);
    const only = await control(`requests?session=${SESSION}&operationId=getCurrentCart`);
    expect(only.body.requests.every((entry: { operationId: string }) => entry.operationId === 'getCurrentCart')).toBe(true);
  });

  it('adds latency and forces failures for a number of calls, then clears them', async () => {
    const slow = await control('scenarios/getCurrentCart', { method: 'PUT', body: JSON.stringify({ session: SESSION, latencyMs: 150 }) });
    expect(slow.body.scenario).toMatchObject({ operationId: 'getCurrentCart', session: SESSION, latencyMs: 150 });
    const started = performance.now();
    expect((await api('/v1/carts/current')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);

    await control('scenarios/addToCurrentCart', {
      method: 'PUT',
      body: JSON.stringify({ session: SESSION, failure: { status: 503, code: 'UNAVAILABLE', times: 2 } }),
    });
    const add = () =>
      api('/v1/carts/current/add-to-cart', {
        method: 'POST',
        body: JSON.stringify({
          lineItems: [
            {
              quantity: 1,
              catalogReference: { catalogItemId: '5376f9ec-b92e-efa9-e4a1-f4f480aa0d3a', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
            },
          ],
        }),
      });
    const first = await add();
    expect(first.status).toBe(503);
    expect(isPlatformErrorBody(await first.text())).toBe(true);
    expect((await add()).status).toBe(503);
    expect((await add()).status).toBe(200);

    expect((await control(`scenarios?session=${SESSION}`, { method: 'DELETE' })).body).toEqual({ cleared: 1 });
    const started2 = performance.now();
    await api('/v1/carts/current');
    expect(performance.now() - started2).toBeLessThan(140);
  });

  it('lists the events the engine emitted, newest first, in the platform shape', async () => {
    await post('reset', { session: SESSION });
    await api('/v1/carts/current', { method: 'DELETE' });
    const { body } = await control(`events?session=${SESSION}&limit=10`);
    expect(body.events[0]).toMatchObject({
      eventType: 'wix.ecom.v1.cart_deleted',
      entityFqdn: 'wix.ecom.v1.cart',
      slug: 'deleted',
      entityId: '6d5c4b3a-2918-4f7e-8d6c-5b4a39281706',
      operationId: 'deleteCurrentCart',
      identity: { identityType: 'WIX_USER' },
      payload: { deletedEvent: expect.any(Object) },
    });
    expect(body.events[0].eventTime).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses a bad control call in the platform error body, and answers an unknown one 404', async () => {
    const bad = await control('scenarios/getCurrentCart', { method: 'PUT', body: JSON.stringify({ failure: { status: 200 } }) });
    expect(bad.status).toBe(400);
    expect(bad.body.details.validationError.fieldViolations[0]).toMatchObject({ field: 'failure.status' });
    expect((await control('scenarios/noSuchOperation', { method: 'PUT', body: JSON.stringify({ latencyMs: 1 }) })).status).toBe(400);
    expect((await control('requests?session=bad%20name')).status).toBe(400);
    const unknown = await control('nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.details.applicationError.code).toBe('NOT_FOUND');
  });
});
