import { describe, expect, inject, it } from 'vitest';
import { isPlatformErrorBody } from '../../scripts/harness/fuzz-requests';
import { merchantHeaders } from '../support/mock-credentials';

// What the mock refuses before any mode answers, over HTTP, the same from the stateful engine, from Prism's
// examples (static) and from Prism's generator (dynamic, asked per call): a literal path's own methods, and a
// `Prefer` the operation cannot honour.
const MODES = [
  { mode: 'stateful', url: () => inject('mockUrl'), prefer: '' },
  { mode: 'static', url: () => inject('staticMockUrl'), prefer: '' },
  { mode: 'dynamic', url: () => inject('staticMockUrl'), prefer: 'dynamic=true, ' },
] as const;

const HEADERS = merchantHeaders('mode-refusals');

interface Violation {
  readonly field: string;
  readonly description: string;
  readonly violatedRule: string;
}

const violationsOf = async (answer: Response): Promise<Violation[]> => {
  const text = await answer.text();
  expect(isPlatformErrorBody(text), text.slice(0, 300)).toBe(true);
  expect(answer.headers.get('x-wix-request-id')).toBeTruthy();
  return (JSON.parse(text) as { details: { validationError: { fieldViolations: Violation[] } } }).details.validationError.fieldViolations;
};

describe.each(MODES)('$mode mode', ({ url, prefer }) => {
  it('answers Prefer: code=418 (not declared) with a 400 naming the header and the declared statuses', async () => {
    const answer = await fetch(`${url()}/v1/carts/current`, { headers: { ...HEADERS, Prefer: `${prefer}code=418` } });
    expect(answer.status).toBe(400);
    const [violation, ...others] = await violationsOf(answer);
    expect(others).toEqual([]);
    expect(violation).toMatchObject({ field: 'Prefer', violatedRule: 'INVALID_ENUM_VALUE' });
    expect(violation?.description).toMatch(/^code=418 is not a status getCurrentCart declares; it declares 200, .*404/);
  });

  it('answers a declared Prefer status with that status', async () => {
    const answer = await fetch(`${url()}/v1/carts/current`, { headers: { ...HEADERS, Prefer: `${prefer}code=404` } });
    expect(answer.status).toBe(404);
    expect(isPlatformErrorBody(await answer.text())).toBe(true);
  });

  it('answers an example the status does not have with a 400 naming the header', async () => {
    const answer = await fetch(`${url()}/v1/carts/current`, { headers: { ...HEADERS, Prefer: `${prefer}code=200, example=nope` } });
    expect(answer.status).toBe(400);
    const [violation] = await violationsOf(answer);
    expect(violation?.description).toMatch(/^example=nope is not an example of getCurrentCart for status 200; it has /);
  });

  it.each([
    ['OPTIONS', '/v1/back-in-stock-notification-requests/query', 'POST'],
    ['PATCH', '/v1/orders/search', 'POST'],
  ])('answers %s %s with a 405 allowing only %s, and keeps serving', async (method, path, allowed) => {
    const answer = await fetch(`${url()}${path}`, { method, headers: { ...HEADERS, 'content-type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe(allowed);
    const text = await answer.text();
    expect(isPlatformErrorBody(text)).toBe(true);
    expect(JSON.parse(text).details.applicationError.code).toBe('METHOD_NOT_ALLOWED');
    expect((await fetch(`${url()}/v1/carts/current`, { headers: HEADERS })).status).toBe(200);
  });
});
