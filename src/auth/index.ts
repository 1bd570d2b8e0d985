// storefront-api/auth: token strategies and member sign-in. React-free; sign-in is a separate function so that
// visitor-token apps bundle none of it.
export type { AuthContext, AuthStrategy } from '../client/auth-port';
export { apiKey, noAuth, staticToken } from './simple-strategies';
export { oauthStrategy, type AuthSnapshot, type DirectLoginState, type OAuthStrategy, type OAuthStrategyOptions } from './oauth-strategy';
export { memberSignIn, type LoginParams, type MemberSignIn, type OAuthData, type RegisterParams, type ResponseMode } from './member-sign-in';
export { AUTH_ERROR_CODES, displayState, LoginState, type LoginErrorCode, type LoginResult } from './login-state';
export { codeChallenge, generateCodeVerifier, MAX_VERIFIER_LENGTH, MIN_VERIFIER_LENGTH } from './pkce';
export { SILENT_SIGN_IN_TIMEOUT_MS } from './silent-sign-in';
export { TokenEndpointError } from './token-endpoint';
export {
  EMPTY_TOKENS,
  localStorageTokenStorage,
  memoryTokenStorage,
  type AccessToken,
  type RefreshToken,
  type TokenRole,
  type Tokens,
  type TokenStorage,
} from './tokens';
