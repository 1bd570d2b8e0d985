import { describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, DEFAULT_SESSION, IdentityRegistry, SITE_OWNER_ID } from '../../../mock/engine/identity';
import type { Access } from '../../../mock/engine/operation';
import { createIdentityStage, refusal } from '../../../mock/pipeline/stages/identity';
import type { Trace } from '../../../mock/pipeline/types';
import { answered, errorOf, passed, routed } from './parts';

const identities = new IdentityRegistry();
const ACCESS: Readonly<Record<string, Access>> = {
  getCurrentCart: 'shopper',
  searchOrders: 'merchant',
  getMyMember: 'member',
  token: 'anyone',
};
const identify = createIdentityStage({
  identities,
  accessOf: (operationId) => ACCESS[operationId],
  sessionOf: (request, identity) => request.headers['x-mock-session'] ?? identity?.session ?? DEFAULT_SESSION,
});

describe('identity and roles stage', () => {
  it('admits the API key as the merchant, in the session the request names', async () => {
    const trace: Trace = {};
    const result = passed(
      await identify(routed('GET', '/v1/carts/current', { authorization: DEFAULT_API_KEY, 'x-mock-session': 'mine' }), trace),
    );
    expect(trace.session).toBe('mine');
    expect(result.caller).toEqual({ identity: { role: 'merchant', id: SITE_OWNER_ID, session: 'mine' }, session: 'mine' });
    expect(result.operation.operationId).toBe('getCurrentCart');
  });

  it("admits a token this mock issued as its identity, in the identity's session", async () => {
    const visitor = (await identities.issue({ role: 'visitor', id: 'v-1', session: 'visits' }, false)).access_token;
    const result = passed(await identify(routed('GET', '/v1/carts/current', { authorization: `Bearer ${visitor}` }), {}));
    expect(result.caller).toEqual({ identity: { role: 'visitor', id: 'v-1', session: 'visits' }, session: 'visits' });
  });

  it('answers an unknown token with a 401, and lets anyone call an open operation without one', async () => {
    const unknown = answered(await identify(routed('GET', '/v1/carts/current', { authorization: 'forged' }), {}));
    expect(unknown).toMatchObject({ status: 401 });
    expect(errorOf(unknown).details.applicationError.code).toBe('UNAUTHENTICATED');
    const open = passed(await identify(routed('POST', '/oauth2/token'), {}));
    expect(open.caller).toEqual({ identity: undefined, session: DEFAULT_SESSION });
  });

  it('answers a role that may not call with a 403 naming the role needed', async () => {
    const visitor = (await identities.issue({ role: 'visitor', id: 'v-2', session: 's' }, false)).access_token;
    const denied = answered(await identify(routed('POST', '/v1/orders/search', { authorization: visitor }), {}));
    expect(denied).toMatchObject({ status: 403 });
    expect(errorOf(denied).details.applicationError).toMatchObject({
      code: 'PERMISSION_DENIED',
      description: "searchOrders needs the merchant's API key; the caller is a visitor",
    });
    expect(refusal('member', { role: 'merchant', id: 'x', session: 's' }, 'getMyMember')).toBe(
      'getMyMember needs a member token (sign in first); the caller is a merchant',
    );
    expect(refusal('member', undefined, 'getMyMember')).toMatch(/the caller is anonymous$/);
  });

  it('refuses a malformed x-mock-session (400) and an operation the mode does not implement (500)', async () => {
    const badSession = answered(
      await identify(routed('GET', '/v1/carts/current', { authorization: DEFAULT_API_KEY, 'x-mock-session': 'no spaces' }), {}),
    );
    expect(badSession).toMatchObject({ status: 400 });
    expect(errorOf(badSession).details.validationError.fieldViolations[0]).toMatchObject({
      field: 'x-mock-session',
      violatedRule: 'FORMAT',
    });
    const missing = answered(await identify(routed('GET', '/v1/products/p1', { authorization: DEFAULT_API_KEY }), {}));
    expect(missing).toMatchObject({ status: 500 });
    expect(errorOf(missing).details.applicationError).toMatchObject({ code: 'INTERNAL', data: { operationId: 'getProduct' } });
  });
});
