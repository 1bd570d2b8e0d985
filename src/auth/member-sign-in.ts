import { createRedirectSession, loginV2, registerV2, verifyDuringAuthentication } from '../../generated/platform/functions';
import type { components } from '../../generated/platform/schema';
import { fromServerState, type LoginResult, loginFailure, registrationFailure, type ServerStateResponse } from './login-state';
import type { OAuthStrategy } from './oauth-strategy';
import { codeChallenge, generateCodeVerifier, randomState } from './pkce';
import { authorizeInHiddenFrame, SILENT_SIGN_IN_TIMEOUT_MS } from './silent-sign-in';
import { requestTokens } from './token-endpoint';
import { EMPTY_TOKENS, nowInSeconds, type Tokens } from './tokens';

type RedirectSessionRequest = components['schemas']['CreateRedirectSessionRequest'];

export interface OAuthData {
  readonly codeVerifier: string;
  readonly codeChallenge: string;
  readonly state: string;
  readonly redirectUri: string;
  readonly originalUri: string;
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

export interface MemberSignIn {
  generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData>;
  getAuthUrl(
    oauthData: OAuthData,
    options?: { prompt?: 'login' | 'none'; responseMode?: ResponseMode; sessionToken?: string },
  ): Promise<{ authUrl: string }>;
  parseFromUrl(
    url?: string,
    responseMode?: 'fragment' | 'query',
  ): { code: string | null; state: string | null; error?: string; errorDescription?: string | null };
  getMemberTokens(code: string | null | undefined, state: string | null | undefined, oauthData: OAuthData): Promise<Tokens>;
  login(params: LoginParams): Promise<LoginResult>;
  register(params: RegisterParams): Promise<LoginResult>;
  processVerification(inputs: { verificationCode: string }, state?: LoginResult): Promise<LoginResult>;
  getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens>;
  /** Clears the local tokens (role none) whatever happens, then asks the platform for its logout URL. */
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  readonly captchaInvisibleSiteKey: string | undefined;
  readonly captchaVisibleSiteKey: string | undefined;
}

const captchaBody = (tokens: LoginParams['captchaTokens']) =>
  tokens ? { captchaTokens: [{ Recaptcha: tokens.recaptchaToken, InvisibleRecaptcha: tokens.invisibleRecaptchaToken }] } : {};

/**
 * Member sign-in for an OAuth strategy: hosted login (PKCE), direct login and registration with silent
 * sign-in, e-mail verification and logout. Each result is recorded on the strategy, so `subscribe` tells the UI.
 */
export const memberSignIn = (auth: OAuthStrategy): MemberSignIn => {
  const { clientId } = auth;
  const silentTimeout = auth.options.silentSignInTimeoutMs ?? SILENT_SIGN_IN_TIMEOUT_MS;

  const redirectUrl = async (body: RedirectSessionRequest): Promise<string> => {
    const data = await createRedirectSession(auth.binding().client, { body });
    const url = data?.redirectSession?.fullUrl;
    if (!url) throw new Error('The redirect session came back without a fullUrl');
    return url;
  };

  const record = (result: LoginResult): LoginResult => (auth.setLoginState(result), result);

  const signIn: MemberSignIn = {
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
      } as RedirectSessionRequest);
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
        const response = await requestTokens(auth.binding().context, {
          grantType: 'authorization_code',
          clientId,
          code,
          codeVerifier: oauthData.codeVerifier,
          ...(oauthData.redirectUri && { redirectUri: oauthData.redirectUri }),
        });
        const tokens: Tokens = {
          accessToken: { value: response.access_token, expiresAt: nowInSeconds() + response.expires_in },
          refreshToken: { value: response.refresh_token ?? '', role: 'member' },
        };
        auth.setTokens(tokens);
        return tokens;
      } catch (cause) {
        throw new Error('Failed to get member tokens', { cause });
      }
    },

    async login({ email, password, captchaTokens }) {
      const { client } = auth.binding();
      try {
        const body = { loginId: { email }, password, ...captchaBody(captchaTokens) };
        return record(fromServerState((await loginV2(client, { body } as never)) as ServerStateResponse));
      } catch (error) {
        return record(loginFailure(error));
      }
    },

    async register({ email, password, profile, captchaTokens }) {
      const { client } = auth.binding();
      try {
        const body = { loginId: { email }, password, ...(profile && { profile }), ...captchaBody(captchaTokens) };
        return record(fromServerState((await registerV2(client, { body } as never)) as ServerStateResponse));
      } catch (error) {
        return record(registrationFailure(error));
      }
    },

    async processVerification({ verificationCode }, given) {
      const current = given ?? auth.loginState();
      if (current.loginState !== 'EMAIL_VERIFICATION_REQUIRED') return record({ loginState: 'FAILURE', error: 'Unknown _state' });
      const { client } = auth.binding();
      try {
        const body = { code: verificationCode, stateToken: current.data.stateToken };
        return record(fromServerState((await verifyDuringAuthentication(client, { body } as never)) as ServerStateResponse));
      } catch (error) {
        return record(loginFailure(error));
      }
    },

    async getMemberTokensForDirectLogin(sessionToken) {
      const oauthData = await signIn.generateOAuthData('');
      const { authUrl } = await signIn.getAuthUrl(oauthData, { prompt: 'none', responseMode: 'web_message', sessionToken });
      const message = await authorizeInHiddenFrame(authUrl, oauthData.state, silentTimeout);
      return signIn.getMemberTokens(message.code, message.state, oauthData);
    },

    async logout(originalUrl) {
      try {
        const logoutUrl = await redirectUrl({ logout: { clientId }, callbacks: { postFlowUrl: originalUrl } } as RedirectSessionRequest);
        return { logoutUrl };
      } finally {
        // Signed out locally whatever the platform answered: a shopper on a flaky network must not stay signed in.
        auth.setTokens(EMPTY_TOKENS);
        auth.setLoginState({ loginState: 'INITIAL' });
      }
    },

    captchaInvisibleSiteKey: auth.options.captchaSiteKeys?.invisible,
    captchaVisibleSiteKey: auth.options.captchaSiteKeys?.visible,
  };
  return signIn;
};
