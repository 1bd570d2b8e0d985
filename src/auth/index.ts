// storefront-api/auth: token strategies and member sign-in. React-free; sign-in is a separate function so that
// visitor-token apps bundle none of it.
export type { AuthContext, AuthStrategy } from '../client/auth-port';
export { AUTH_ERROR_CODES, displayState, type LoginErrorCode, type LoginResult, LoginState } from './login-state';
export {
  type LoginParams,
  type MemberSignIn,
  memberSignIn,
  type OAuthData,
  type RegisterParams,
  type ResponseMode,
} from './member-sign-in';
export { type AuthSnapshot, type DirectLoginState, type OAuthStrategy, type OAuthStrategyOptions, oauthStrategy } from './oauth-strategy';
export { codeChallenge, generateCodeVerifier, MAX_VERIFIER_LENGTH, MIN_VERIFIER_LENGTH } from './pkce';
export { SILENT_SIGN_IN_TIMEOUT_MS } from './silent-sign-in';
export { apiKey, noAuth, staticToken } from './simple-strategies';
export { TokenEndpointError } from './token-endpoint';
export {
  type AccessToken,
  EMPTY_TOKENS,
  localStorageTokenStorage,
  memoryTokenStorage,
  type RefreshToken,
  type TokenRole,
  type TokenStorage,
  type Tokens,
} from './tokens';
