import type { StorefrontClient } from '../client/create-client';

/** What an auth strategy may use to talk to the platform itself (for example to obtain tokens). */
export interface AuthContext {
  /** Base URL of the platform family, where `POST /oauth2/token` lives. */
  readonly platformBaseUrl: string;
  readonly fetch: typeof fetch;
}

/** Decides the auth headers of every call; the OAuth strategy also manages the token life cycle. */
export interface AuthStrategy {
  getAuthHeaders(context: AuthContext): Promise<Record<string, string>>;
  /** Called by createClient with the client it serves, for strategies that make calls of their own. */
  bind?(binding: { client: StorefrontClient; context: AuthContext }): void;
}

/** No auth headers: for a mock or a proxy that adds them. */
export const noAuth = (): AuthStrategy => ({ getAuthHeaders: async () => ({}) });

/** A fixed access token, sent as the raw `Authorization` header value as the platform expects. */
export const staticToken = (token: string): AuthStrategy => {
  if (!token.trim()) throw new TypeError('staticToken(token): token must be a non-empty string');
  return { getAuthHeaders: async () => ({ Authorization: token }) };
};

/** An API key with the site (or account) it acts on. */
export const apiKey = (key: string, scope: { siteId?: string; accountId?: string } = {}): AuthStrategy => {
  if (!key.trim()) throw new TypeError('apiKey(key): key must be a non-empty string');
  const headers: Record<string, string> = { Authorization: key };
  if (scope.siteId) headers['wix-site-id'] = scope.siteId;
  if (scope.accountId) headers['wix-account-id'] = scope.accountId;
  return { getAuthHeaders: async () => ({ ...headers }) };
};
