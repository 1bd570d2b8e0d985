import { describe, expect, it } from 'vitest';
import { operations as commerce } from '../../generated/commerce/operations';
import { operations as platform } from '../../generated/platform/operations';
import { MOCK_FAMILIES } from '../../mock/families';
import { MockRouter } from '../../mock/routing';
import { RouteTable } from '../../src/operations/route-table';

// The mock's routing over the real route tables of both families.
const tables = { commerce: new RouteTable(commerce), platform: new RouteTable(platform) };
const owner = (method: string, path: string) => {
  const matches = Object.entries(tables)
    .map(([family, table]) => ({ family, match: table.match(method, path) }))
    .filter((m) => m.match)
    .sort((a, b) => (b.match?.score ?? 0) - (a.match?.score ?? 0));
  return matches[0] && `${matches[0].family}:${matches[0].match?.entry.operationId}`;
};

describe('routing both families on one port', () => {
  it.each([
    ['GET', '/v1/members/my', 'platform:getMyMember'],
    ['GET', '/v1/members/5e9b2f7c-1a3d-4e6f-8b0a-2c4e6f8a0b1c', 'platform:getMember'],
    ['DELETE', '/v1/members/my', 'platform:deleteMyMember'],
    ['POST', '/v1/members/query', 'platform:queryMembers'],
    [
      'GET',
      '/v1/back-in-stock-notification-requests/count-by-catalog-reference',
      'commerce:countBackInStockNotificationRequestsByCatalogReference',
    ],
    ['GET', '/v1/back-in-stock-notification-requests/abc', 'commerce:getBackInStockNotificationRequest'],
    ['GET', '/v1/collections/slug/summer', 'platform:getCollectionBySlugV1'],
    ['POST', '/v1/collections/abc/productIds', 'platform:addProductsToCollection'],
    ['GET', '/v1/checkouts/by-cart-id/abc', 'commerce:getCheckoutByCartId'],
    ['POST', '/v1/bulk/orders/update', 'commerce:bulkUpdateOrders'],
    ['POST', '/v1/bulk/products/update', 'platform:bulkUpdateProductProperties'],
    ['POST', '/oauth2/token', 'platform:token'],
  ])('%s %s -> %s', (method, path, expected) => {
    expect(owner(method, path)).toBe(expected);
  });

  it('has no path template that both families own', () => {
    const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
    const commercePaths = new Set(commerce.map((op) => `${op.method} ${shape(op.path)}`));
    expect(platform.filter((op) => commercePaths.has(`${op.method} ${shape(op.path)}`))).toEqual([]);
  });

  it('tells a path owned under other methods (405, with what it takes) from an unknown path (404)', () => {
    const router = new MockRouter(MOCK_FAMILIES);
    expect(router.route('PUT', '/v1/carts/current')).toEqual({ kind: 'method-not-allowed', allowed: ['GET', 'PATCH', 'DELETE'] });
    expect(router.route('GET', '//')).toEqual({ kind: 'not-found' });
    expect(router.route('BREW', '/v1/carts/current')).toMatchObject({ kind: 'method-not-allowed' });
    expect(router.route('HEAD', '/v1/members/my')).toMatchObject({
      kind: 'operation',
      family: 'platform',
      operation: { operationId: 'getMyMember' },
    });
    expect(router.route('GET', '/v1/products/%ff')).toMatchObject({ kind: 'operation', rawPathParams: { id: '%ff' } });
  });

  it.each([
    ['OPTIONS', '/v1/back-in-stock-notification-requests/query', ['POST']],
    ['GET', '/v1/back-in-stock-notification-requests/query', ['POST']],
    ['PATCH', '/v1/orders/search', ['POST']],
    ['PATCH', '/v1/members/my', ['GET', 'DELETE']],
    ['DELETE', '/v1/products/query-platformized', ['GET', 'POST']],
    ['GET', '/v1/reviews/count', ['POST']],
  ])('a literal path owns its methods: %s %s is a 405 allowing only %j', (method, path, allowed) => {
    expect(new MockRouter(MOCK_FAMILIES).route(method, path)).toEqual({ kind: 'method-not-allowed', allowed });
  });

  it("serves a declared path alias (the platform client's spelling) as its operation, under the same methods", () => {
    const router = new MockRouter(MOCK_FAMILIES);
    for (const path of ['/v1/Start', '/v1/start']) {
      expect(router.route('POST', path)).toMatchObject({
        kind: 'operation',
        family: 'platform',
        operation: { operationId: 'startVerification' },
      });
      expect(router.route('GET', path)).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
    }
    expect(router.route('POST', '/v1/START')).toEqual({ kind: 'not-found' });
  });

  it('has aliases only where declared, none equal to a documented path of either family', () => {
    const all = [...commerce, ...platform];
    const aliased = all.filter((op) => op.aliases).map((op) => [op.operationId, op.path, op.aliases]);
    expect(aliased).toEqual([['startVerification', '/v1/Start', ['/v1/start']]]);
    const documented = new Set(all.map((op) => op.path.replace(/\{[^}]+\}/g, '{}')));
    expect(all.flatMap((op) => op.aliases ?? []).filter((alias) => documented.has(alias.replace(/\{[^}]+\}/g, '{}')))).toEqual([]);
  });

  it('still routes the templated path for an id that is no literal path', () => {
    const router = new MockRouter(MOCK_FAMILIES);
    expect(router.route('PATCH', '/v1/orders/abc')).toMatchObject({
      kind: 'operation',
      operation: { operationId: 'updateOrder' },
      rawPathParams: { id: 'abc' },
    });
    expect(router.route('GET', '/v1/orders/abc')).toMatchObject({ kind: 'operation', operation: { operationId: 'getOrder' } });
  });
});
