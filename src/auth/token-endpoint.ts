import { REQUEST_ID_HEADER } from '../errors/to-api-error';
import type { AuthContext } from './strategy';

/** The grants `POST /oauth2/token` takes, as the platform's client sends them. */
export type TokenGrant =
  | { grantType: 'anonymous'; clientId: string }
  | { grantType: 'refresh_token'; clientId: string; refreshToken: string }
  | { grantType: 'authorization_code'; clientId: string; code: string; codeVerifier: string; redirectUri?: string }
  | { grant_type: 'authorized_client'; scope?: string; member_id: string; session_token?: string };

export interface TokenResponse {
  readonly access_token: string;
  readonly expires_in: number;
  readonly refresh_token?: string;
}

/** The token endpoint answered with something other than 200. */
export class TokenEndpointError extends Error {
  readonly status: number;
  readonly requestId: string | undefined;

  constructor(status: number, requestId: string | undefined, body: unknown) {
    super('something went wrong', { cause: body });
    this.name = 'TokenEndpointError';
    this.status = status;
    this.requestId = requestId;
  }
}

/** One call of the token endpoint. It bypasses the client's auth on purpose: it is how tokens are made. */
export const requestTokens = async (
  context: AuthContext,
  grant: TokenGrant,
  headers: Record<string, string> = {},
): Promise<TokenResponse> => {
  const response = await context.fetch(`${context.platformBaseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(grant),
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new TokenEndpointError(response.status, response.headers.get(REQUEST_ID_HEADER) ?? undefined, text);
  }
  const body = JSON.parse(text) as Partial<TokenResponse>;
  if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
    throw new TokenEndpointError(response.status, response.headers.get(REQUEST_ID_HEADER) ?? undefined, text);
  }
  return body as TokenResponse;
};
