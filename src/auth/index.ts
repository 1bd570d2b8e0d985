export { apiKey, noAuth, staticToken, type AuthContext, type AuthStrategy } from './strategy';
export {
  oauthStrategy,
  type LoginParams,
  type OAuthData,
  type OAuthStrategy,
  type OAuthStrategyOptions,
  type RegisterParams,
  type ResponseMode,
} from './oauth-strategy';
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
