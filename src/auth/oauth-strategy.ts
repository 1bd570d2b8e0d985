import type { StorefrontClient } from '../client/create-client';
import {
  fromServerState,
  LoginState,
  loginFailure,
  registrationFailure,
  type LoginResult,
  type ServerStateResponse,
} from './login-state';
import { codeChallenge, generateCodeVerifier, randomState } from './pkce';
import { authorizeInHiddenFrame, SILENT_SIGN_IN_TIMEOUT_MS } from './silent-sign-in';
import type { AuthContext, AuthStrategy } from './strategy';
import { requestTokens, type TokenResponse } from './token-endpoint';
import { EMPTY_TOKENS, memoryTokenStorage, nowInSeconds, type TokenRole, type Tokens, type TokenStorage } from './tokens';

export interface OAuthData {
  readonly codeVerifier: string;
  readonly codeChallenge: string;
  readonly state: string;
  readonly redirectUri: string;
  readonly originalUri: string;
}

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

export type ResponseMode = 'fragment' | 'query' | 'web_message';

export interface LoginParams {
  readonly email: string;
  readonly password: string;
  readonly captchaTokens?: { readonly invisibleRecaptchaToken?: string; readonly recaptchaToken?: string };
}

export interface RegisterParams extends LoginParams {
  readonly profile?: Record<string, unknown>;
}

export interface OAuthStrategy extends AuthStrategy {
  getTokens(): Tokens;
  setTokens(tokens: Tokens): void;
  /** True only while the refresh token belongs to a signed-in member. */
  loggedIn(): boolean;
  /** The current direct-login state (INITIAL until login or register is called). */
  loginState(): LoginResult | { readonly loginState: 'INITIAL' };
  generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData>;
  getAuthUrl(oauthData: OAuthData, options?: { prompt?: 'login' | 'none'; responseMode?: ResponseMode; sessionToken?: string }): Promise<{ authUrl: string }>;
  parseFromUrl(url?: string, responseMode?: 'fragment' | 'query'): { code: string | null; state: string | null; error?: string; errorDescription?: string | null };
  getMemberTokens(code: string | null | undefined, state: string | null | undefined, oauthData: OAuthData): Promise<Tokens>;
  login(params: LoginParams): Promise<LoginResult>;
  register(params: RegisterParams): Promise<LoginResult>;
  processVerification(inputs: { verificationCode: string }, state?: LoginResult): Promise<LoginResult>;
  getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens>;
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  readonly captchaInvisibleSiteKey: string | undefined;
  readonly captchaVisibleSiteKey: string | undefined;
}

const tokensFrom = (response: TokenResponse, role: TokenRole, previousRefresh?: string): Tokens => ({
  accessToken: { value: response.access_token, expiresAt: nowInSeconds() + response.expires_in },
  refreshToken: { value: response.refresh_token ?? previousRefresh ?? '', role },
});

/**
 * Shopper auth: anonymous visitor tokens, renewal, PKCE sign-in, direct login, silent sign-in and logout.
 * Pass it to `createClient({ auth })`; the calls it makes itself go through that client.
 */
export const oauthStrategy = (options: OAuthStrategyOptions): OAuthStrategy => {
  if (!options || typeof options.clientId !== 'string' || !options.clientId.trim()) {
    throw new TypeError('oauthStrategy: clientId must be a non-empty string');
  }
  if (options.tokens && options.tokenStorage) {
    throw new TypeError('oauthStrategy: give tokens or tokenStorage, not both');
  }
  const { clientId } = options;
  const storage = options.tokenStorage ?? memoryTokenStorage(options.tokens ?? EMPTY_TOKENS);
  const renewBefore = options.renewBeforeSeconds ?? 60;
  const silentTimeout = options.silentSignInTimeoutMs ?? SILENT_SIGN_IN_TIMEOUT_MS;
  let binding: { client: StorefrontClient; context: AuthContext } | undefined;
  let state: LoginResult | { readonly loginState: 'INITIAL' } = { loginState: LoginState.INITIAL };
  // Concurrent calls that find the token expired wait for this one renewal.
  let renewal: Promise<Tokens> | undefined;

  const bound = () => {
    if (!binding) throw new Error('oauthStrategy: pass it to createClient({ auth }) before calling its methods');
    return binding;
  };

  const anonymousTokens = async (context: AuthContext): Promise<Tokens> =>
    tokensFrom(await requestTokens(context, { grantType: 'anonymous', clientId }), 'visitor');

  const renewTokens = async (context: AuthContext, current: Tokens): Promise<Tokens> => {
    if (current.refreshToken.value) {
      try {
        const response = await requestTokens(context, { grantType: 'refresh_token', clientId, refreshToken: current.refreshToken.value });
        return tokensFrom(response, current.refreshToken.role === 'none' ? 'visitor' : current.refreshToken.role, current.refreshToken.value);
      } catch {
        // A refresh token the platform no longer accepts: start over as an anonymous visitor.
      }
    }
    return anonymousTokens(context);
  };

  const needsRenewal = (tokens: Tokens): boolean =>
    !tokens.accessToken.value || tokens.accessToken.expiresAt - renewBefore <= nowInSeconds();

  const validTokens = async (context: AuthContext): Promise<Tokens> => {
    const current = storage.getTokens();
    if (!needsRenewal(current)) return current;
    renewal ??= renewTokens(context, current)
      .then((tokens) => {
        storage.setTokens(tokens);
        return tokens;
      })
      .finally(() => {
        renewal = undefined;
      });
    return renewal;
  };

  const redirectUrl = async (body: Record<string, unknown>): Promise<string> => {
    const { data } = await bound().client.platform.POST('/v1/redirect-session', { body: body as never });
    const url = (data as { redirectSession?: { fullUrl?: string } } | undefined)?.redirectSession?.fullUrl;
    if (!url) throw new Error('The redirect session came back without a fullUrl');
    return url;
  };

  const strategy: OAuthStrategy = {
    async getAuthHeaders(context) {
      const tokens = await validTokens(context);
      return { Authorization: tokens.accessToken.value };
    },
    bind(next) {
      binding = next;
    },
    getTokens: () => storage.getTokens(),
    setTokens: (tokens) => storage.setTokens(tokens),
    loggedIn: () => storage.getTokens().refreshToken.role === 'member',
    loginState: () => state,

    async generateOAuthData(redirectUri, originalUri = '') {
      const codeVerifier = generateCodeVerifier();
      return { codeVerifier, codeChallenge: await codeChallenge(codeVerifier), state: randomState(), redirectUri, originalUri };
    },

    async getAuthUrl(oauthData, { prompt = 'login', responseMode = 'fragment', sessionToken } = {}) {
      const authUrl = await redirectUrl({
        auth: {
          authRequest: {
            clientId,
            ...(oauthData.redirectUri && { redirectUri: oauthData.redirectUri }),
            codeChallenge: oauthData.codeChallenge,
            codeChallengeMethod: 'S256',
            responseMode,
            responseType: 'code',
            scope: 'offline_access',
            state: oauthData.state,
            ...(sessionToken && { sessionToken }),
          },
          prompt,
        },
      });
      return { authUrl };
    },

    parseFromUrl(url, responseMode = 'fragment') {
      const parsed = new URL(url ?? globalThis.location?.href ?? '');
      const params = responseMode === 'query' ? parsed.searchParams : new URLSearchParams(parsed.hash.replace(/^#/, ''));
      const error = params.get('error');
      return {
        code: params.get('code'),
        state: params.get('state'),
        ...(error && { error, errorDescription: params.get('error_description') }),
      };
    },

    async getMemberTokens(code, returnedState, oauthData) {
      if (!code || !returnedState) throw new Error('Missing code or _state');
      if (returnedState !== oauthData.state) throw new Error('Invalid _state');
      try {
        const response = await requestTokens(bound().context, {
          grantType: 'authorization_code',
          clientId,
          code,
          codeVerifier: oauthData.codeVerifier,
          ...(oauthData.redirectUri && { redirectUri: oauthData.redirectUri }),
        });
        const tokens = tokensFrom(response, 'member');
        storage.setTokens(tokens);
        return tokens;
      } catch (cause) {
        throw new Error('Failed to get member tokens', { cause });
      }
    },

    async login({ email, password, captchaTokens }) {
      const { client } = bound();
      try {
        const { data } = await client.platform.POST('/v2/login', {
          body: { loginId: { email }, password, ...captchaBody(captchaTokens) } as never,
        });
        state = fromServerState(data as ServerStateResponse);
      } catch (error) {
        state = loginFailure(error);
      }
      return state;
    },

    async register({ email, password, profile, captchaTokens }) {
      const { client } = bound();
      try {
        const { data } = await client.platform.POST('/v2/register', {
          body: { loginId: { email }, password, ...(profile && { profile }), ...captchaBody(captchaTokens) } as never,
        });
        state = fromServerState(data as ServerStateResponse);
      } catch (error) {
        state = registrationFailure(error);
      }
      return state;
    },

    async processVerification({ verificationCode }, given) {
      const current = given ?? state;
      if (current.loginState !== 'EMAIL_VERIFICATION_REQUIRED') {
        state = { loginState: 'FAILURE', error: 'Unknown _state' };
        return state;
      }
      const { client } = bound();
      try {
        const { data } = await client.platform.POST('/v1/auth/verify', {
          body: { code: verificationCode, stateToken: current.data.stateToken } as never,
        });
        state = fromServerState(data as ServerStateResponse);
      } catch (error) {
        state = loginFailure(error);
      }
      return state;
    },

    async getMemberTokensForDirectLogin(sessionToken) {
      const oauthData = await strategy.generateOAuthData('');
      const { authUrl } = await strategy.getAuthUrl(oauthData, { prompt: 'none', responseMode: 'web_message', sessionToken });
      const message = await authorizeInHiddenFrame(authUrl, oauthData.state, silentTimeout);
      return strategy.getMemberTokens(message.code, message.state, oauthData);
    },

    async logout(originalUrl) {
      const logoutUrl = await redirectUrl({ logout: { clientId }, callbacks: { postFlowUrl: originalUrl } });
      storage.setTokens(EMPTY_TOKENS);
      state = { loginState: LoginState.INITIAL };
      return { logoutUrl };
    },

    captchaInvisibleSiteKey: options.captchaSiteKeys?.invisible,
    captchaVisibleSiteKey: options.captchaSiteKeys?.visible,
  };
  return strategy;
};

const captchaBody = (tokens: LoginParams['captchaTokens']) =>
  tokens
    ? { captchaTokens: [{ Recaptcha: tokens.recaptchaToken, InvisibleRecaptcha: tokens.invisibleRecaptchaToken }] }
    : {};
