import { describe, expect, it } from 'vitest';
import { checkCredentials, missingCredentials } from '../../../mock/pipeline/stages/credentials';
import type { SecurityRequirement } from '../../../spec-model/security';
import { answered, errorOf, routed } from './parts';

const header: SecurityRequirement = [{ scheme: 'token', in: 'header', name: 'authorization' }];
const queryAndCookie: SecurityRequirement = [
  { scheme: 'key', in: 'query', name: 'key' },
  { scheme: 'session', in: 'cookie', name: 'sid' },
];
const sources = (headers: Record<string, string>, query = '') => ({ headers, search: new URLSearchParams(query) });

describe('credentials stage', () => {
  it('asks nothing of an operation without security', () => {
    expect(missingCredentials([], sources({}))).toBeUndefined();
    expect(checkCredentials(routed('POST', '/oauth2/token'))).toMatchObject({ kind: 'next', request: { path: '/oauth2/token' } });
  });

  it('takes any one requirement met, each of its credentials present and not blank', () => {
    expect(missingCredentials([header], sources({ authorization: '  ' }))).toBe('Authorization header');
    expect(missingCredentials([header, queryAndCookie], sources({ cookie: 'a=1; sid=x' }, 'key=k'))).toBeUndefined();
    expect(missingCredentials([queryAndCookie], sources({ cookie: 'sidx=1' }, 'key=k'))).toBe('key query and sid cookie');
  });

  it('answers a 401 UNAUTHENTICATED naming where the token goes; a present one passes unchanged', () => {
    const refused = answered(checkCredentials(routed('GET', '/v1/carts/current')));
    expect(refused.status).toBe(401);
    expect(errorOf(refused).details.applicationError).toMatchObject({
      code: 'UNAUTHENTICATED',
      description: 'Missing access token: send it in the Authorization header',
    });
    const present = routed('GET', '/v1/carts/current', { authorization: 'anything' });
    expect(checkCredentials(present)).toEqual({ kind: 'next', request: present });
  });
});
