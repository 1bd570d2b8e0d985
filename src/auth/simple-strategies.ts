import type { AuthStrategy } from '../client/auth-port';

/** No auth headers: for a mock or a proxy that adds them. */
export const noAuth = (): AuthStrategy => ({ getAuthHeaders: async () => ({}) });

/** A fixed access token, sent as the raw `Authorization` header value as the platform expects. */
export const staticToken = (token: string): AuthStrategy => {
  if (typeof token !== 'string' || !token.trim()) throw new TypeError('staticToken(token): token must be a non-empty string');
  return { getAuthHeaders: async () => ({ Authorization: token }) };
};

/** An API key with the site (or account) it acts on. */
export const apiKey = (key: string, scope: { siteId?: string; accountId?: string } = {}): AuthStrategy => {
  if (typeof key !== 'string' || !key.trim()) throw new TypeError('apiKey(key): key must be a non-empty string');
  const headers: Record<string, string> = { Authorization: key };
  if (scope.siteId) headers['wix-site-id'] = scope.siteId;
  if (scope.accountId) headers['wix-account-id'] = scope.accountId;
  return { getAuthHeaders: async () => ({ ...headers }) };
};
