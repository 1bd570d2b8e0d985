import type { AuthContext, AuthStrategy } from '../client/auth-port';
import type { StorefrontClient } from '../client/create-client';
import type { LoginResult } from './login-state';
import { requestTokens, type TokenResponse } from './token-endpoint';
import { EMPTY_TOKENS, memoryTokenStorage, nowInSeconds, type TokenRole, type TokenStorage, type Tokens } from './tokens';

export interface OAuthStrategyOptions {
  /** The OAuth app's client id. */
  readonly clientId: string;
  /** Initial tokens, kept in memory (or give `tokenStorage`, not both). */
  readonly tokens?: Tokens;
  readonly tokenStorage?: TokenStorage;
  /** Site keys of the invisible and the visible captcha shown when sign-in asks for one. */
  readonly captchaSiteKeys?: { readonly invisible: string; readonly visible: string };
  /** Renew an access token this many seconds before it expires (default 60). */
  readonly renewBeforeSeconds?: number;
  /** Give up on silent sign-in after this many milliseconds (default 120000). */
  readonly silentSignInTimeoutMs?: number;
}

export type DirectLoginState = LoginResult | { readonly loginState: 'INITIAL' };

/** What a UI shows of auth: changes only when tokens, role or login state change (a new object each time). */
export interface AuthSnapshot {
  readonly tokens: Tokens;
  readonly role: TokenRole;
  readonly loggedIn: boolean;
  readonly login: DirectLoginState;
}

export interface OAuthStrategy extends AuthStrategy {
  readonly clientId: string;
  readonly options: OAuthStrategyOptions;
  getTokens(): Tokens;
  setTokens(tokens: Tokens): void;
  /** True only while the refresh token belongs to a signed-in member. */
  loggedIn(): boolean;
  /** Who calls: changes on sign-in, sign-out and a new visitor session, never on a renewal ('' before any token). */
  identity(): string;
  /** The current direct-login state (INITIAL until a sign-in function records one). */
  loginState(): DirectLoginState;
  setLoginState(state: DirectLoginState): void;
  /** Tells `listener` after every change of tokens or login state, here or in another tab; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The current state as one immutable object (for useSyncExternalStore). */
  getSnapshot(): AuthSnapshot;
  /** The client this strategy serves and its context (throws before createClient({ auth }) was called). */
  binding(): { readonly client: StorefrontClient; readonly context: AuthContext };
}

const tokensFrom = (response: TokenResponse, role: TokenRole, previousRefresh?: string): Tokens => ({
  accessToken: { value: response.access_token, expiresAt: nowInSeconds() + response.expires_in },
  refreshToken: { value: response.refresh_token ?? previousRefresh ?? '', role },
});

/**
 * Shopper tokens: an anonymous visitor token when there is none, renewal before expiry and after a 401, one
 * renewal shared by every waiting call. Sign-in (login, PKCE, silent sign-in, logout) is `memberSignIn(auth)`,
 * a separate import, so visitor-only apps do not carry it. Pass the strategy to `createClient({ auth })`.
 */
export const oauthStrategy = (options: OAuthStrategyOptions): OAuthStrategy => {
  if (!options || typeof options.clientId !== 'string' || !options.clientId.trim()) {
    throw new TypeError('oauthStrategy: clientId must be a non-empty string');
  }
  if (options.tokens && options.tokenStorage) throw new TypeError('oauthStrategy: give tokens or tokenStorage, not both');
  const { clientId } = options;
  const storage = options.tokenStorage ?? memoryTokenStorage(options.tokens ?? EMPTY_TOKENS);
  const renewBefore = options.renewBeforeSeconds ?? 60;
  let bound: { client: StorefrontClient; context: AuthContext } | undefined;
  let login: DirectLoginState = { loginState: 'INITIAL' };
  let renewal: Promise<Tokens> | undefined;
  const listeners = new Set<() => void>();
  let unsubscribeStorage: (() => void) | undefined;
  let snapshot: AuthSnapshot | undefined;

  const notify = () => {
    snapshot = undefined;
    for (const listener of [...listeners]) listener();
  };
  const store = (tokens: Tokens) => {
    storage.setTokens(tokens);
    notify();
  };

  const anonymousTokens = async (context: AuthContext): Promise<Tokens> =>
    tokensFrom(await requestTokens(context, { grantType: 'anonymous', clientId }), 'visitor');

  const renewTokens = async (context: AuthContext, current: Tokens): Promise<Tokens> => {
    if (current.refreshToken.value) {
      try {
        const response = await requestTokens(context, { grantType: 'refresh_token', clientId, refreshToken: current.refreshToken.value });
        return tokensFrom(
          response,
          current.refreshToken.role === 'none' ? 'visitor' : current.refreshToken.role,
          current.refreshToken.value,
        );
      } catch {
        // A refresh token the platform no longer accepts: start over as an anonymous visitor.
      }
    }
    return anonymousTokens(context);
  };

  const renew = (context: AuthContext, current: Tokens): Promise<Tokens> =>
    (renewal ??= renewTokens(context, current)
      .then((tokens) => (store(tokens), tokens))
      .finally(() => {
        renewal = undefined;
      }));

  const needsRenewal = (tokens: Tokens): boolean =>
    !tokens.accessToken.value || tokens.accessToken.expiresAt - renewBefore <= nowInSeconds();

  const strategy: OAuthStrategy = {
    clientId,
    options,
    async getAuthHeaders(context) {
      // A renewal under way (after a 401) makes the current token stale even if it has not expired.
      if (renewal) await renewal.catch(() => undefined);
      const current = storage.getTokens();
      const tokens = needsRenewal(current) ? await renew(context, current) : current;
      return { Authorization: tokens.accessToken.value };
    },
    async renewAfterUnauthorized(context, rejected) {
      const current = storage.getTokens();
      // Calls that were sent with an older token than the current one just retry with the current one.
      if (renewal || current.accessToken.value !== rejected.Authorization) return true;
      await renew(context, { ...current, accessToken: { value: '', expiresAt: 0 } });
      return true;
    },
    bind(next) {
      bound = next as { client: StorefrontClient; context: AuthContext };
    },
    binding() {
      if (!bound) throw new Error('oauthStrategy: pass it to createClient({ auth }) before signing in or out');
      return bound;
    },
    getTokens: () => storage.getTokens(),
    setTokens: store,
    loggedIn: () => storage.getTokens().refreshToken.role === 'member',
    identity() {
      // The platform keeps a refresh token on renewal, so it changes only with the caller.
      const { role, value } = storage.getTokens().refreshToken;
      return role === 'none' ? '' : `${role}:${value}`;
    },
    loginState: () => login,
    setLoginState(state) {
      login = state;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      unsubscribeStorage ??= storage.subscribe?.(notify);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribeStorage?.();
          unsubscribeStorage = undefined;
        }
      };
    },
    getSnapshot() {
      const tokens = storage.getTokens();
      if (!snapshot || snapshot.tokens !== tokens || snapshot.login !== login) {
        const role = tokens.refreshToken.role;
        snapshot = { tokens, role, loggedIn: role === 'member', login };
      }
      return snapshot;
    },
  };
  return strategy;
};
