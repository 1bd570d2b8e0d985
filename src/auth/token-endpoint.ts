import type { AuthContext } from '../client/auth-port';
import { REQUEST_ID_HEADER } from '../protocol';

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

/**
 * The token endpoint answered with something other than a readable 200. It says what was wrong, never what
 * was in the answer: a half-good answer may hold tokens, and errors end up in logs.
 */
export class TokenEndpointError extends Error {
  override name = 'TokenEndpointError';
  readonly status: number;
  readonly requestId: string | undefined;
  /** What was wrong with the answer, without its content. */
  readonly reason: string;

  constructor(status: number, requestId: string | undefined, reason: string) {
    super('something went wrong');
    this.status = status;
    this.requestId = requestId;
    this.reason = reason;
  }
}

const problemOf = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return 'the answer is not a JSON object';
  const { access_token: access, expires_in: expires, refresh_token: refresh } = body as Record<string, unknown>;
  if (typeof access !== 'string' || !access) return 'access_token is missing or not a string';
  if (typeof expires !== 'number' || !Number.isFinite(expires)) return 'expires_in is missing or not a number';
  if (refresh !== undefined && typeof refresh !== 'string') return 'refresh_token is not a string';
  return undefined;
};

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
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  const text = await response.text();
  if (response.status !== 200) throw new TokenEndpointError(response.status, requestId, `status ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new TokenEndpointError(response.status, requestId, 'the answer is not JSON');
  }
  const problem = problemOf(body);
  if (problem) throw new TokenEndpointError(response.status, requestId, problem);
  return body as TokenResponse;
};
