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
});
