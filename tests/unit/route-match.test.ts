import { describe, expect, it } from 'vitest';
import { RouteTable } from '../../src/operations/route-table';

const table = new RouteTable([
  { operationId: 'getMember', method: 'GET', path: '/v1/members/{id}' },
  { operationId: 'getMyMember', method: 'GET', path: '/v1/members/my' },
  { operationId: 'deleteMember', method: 'DELETE', path: '/v1/members/{id}' },
  { operationId: 'slug', method: 'POST', path: '/v1/members/{id}/slug' },
]);

describe('RouteTable', () => {
  it('prefers a literal path over a templated one', () => {
    expect(table.match('GET', '/v1/members/my')?.entry.operationId).toBe('getMyMember');
    expect(table.match('GET', '/v1/members/abc')?.entry.operationId).toBe('getMember');
  });
  it('matches on method, or any method when none is given', () => {
    expect(table.match('DELETE', '/v1/members/abc')?.entry.operationId).toBe('deleteMember');
    expect(table.match('PUT', '/v1/members/abc')).toBeUndefined();
    expect(table.match(undefined, '/v1/members/abc/slug')?.entry.operationId).toBe('slug');
  });
  it('ignores the query string and matches templates against themselves', () => {
    expect(table.match('GET', '/v1/members/abc?fieldsets=FULL')?.entry.operationId).toBe('getMember');
    expect(table.match('GET', '/v1/members/{id}')?.entry.operationId).toBe('getMember');
  });
  it('does not match a longer or shorter path', () => {
    expect(table.match('GET', '/v1/members/abc/extra')).toBeUndefined();
    expect(table.match('GET', '/v1')).toBeUndefined();
  });
  it('gives a literal path all its methods: a method it lacks finds no templated route', () => {
    expect(table.match('POST', '/v1/members/my')).toBeUndefined();
    expect(table.owner('/v1/members/my')?.entries.map((entry) => entry.operationId)).toEqual(['getMyMember']);
    expect(table.owner('/v1/members/abc')?.entries.map((entry) => entry.operationId)).toEqual(['getMember', 'deleteMember']);
    expect(table.owner('/v2/nothing')).toBeUndefined();
  });
  it('treats templates that differ only in parameter names as one path', () => {
    const orders = new RouteTable([
      { operationId: 'getOrder', method: 'GET', path: '/v1/orders/{id}' },
      { operationId: 'updateOrder', method: 'PATCH', path: '/v1/orders/{order.id}' },
      { operationId: 'searchOrders', method: 'POST', path: '/v1/orders/search' },
    ]);
    expect(orders.match('PATCH', '/v1/orders/abc')?.entry.operationId).toBe('updateOrder');
    expect(orders.match('GET', '/v1/orders/abc')?.entry.operationId).toBe('getOrder');
    expect(orders.owner('/v1/orders/abc')?.shapes).toEqual(['/v1/orders/{}']);
    expect(orders.match('PATCH', '/v1/orders/search')).toBeUndefined();
    expect(orders.owner('/v1/orders/search')?.entries.map((entry) => entry.method)).toEqual(['POST']);
  });
  it('lets paths as specific as each other share a request path, the leftmost literal first', () => {
    const checkouts = new RouteTable([
      { operationId: 'createOrder', method: 'POST', path: '/v1/checkouts/{id}/create-order' },
      { operationId: 'getByCart', method: 'GET', path: '/v1/checkouts/by-cart-id/{cartId}' },
    ]);
    expect(checkouts.owner('/v1/checkouts/by-cart-id/create-order')?.shapes).toEqual([
      '/v1/checkouts/by-cart-id/{}',
      '/v1/checkouts/{}/create-order',
    ]);
    expect(checkouts.match('POST', '/v1/checkouts/by-cart-id/create-order')?.entry.operationId).toBe('createOrder');
    expect(checkouts.match('GET', '/v1/checkouts/by-cart-id/create-order')?.entry.operationId).toBe('getByCart');
    expect(checkouts.match(undefined, '/v1/checkouts/by-cart-id/create-order')?.entry.operationId).toBe('getByCart');
  });
});
