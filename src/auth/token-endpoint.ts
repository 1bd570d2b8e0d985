import type { AuthContext } from '../client/auth-port';
import { toApiError } from '../errors/to-api-error';
import type { OperationInfo } from '../operations/operation-meta';
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

/** The operation a token-endpoint error reports, whichever call needed the token. */
export const TOKEN_OPERATION: OperationInfo = { family: 'platform', method: 'POST', path: '/oauth2/token', operationId: 'token' };

/**
 * The token endpoint answered 200 with something that is not a readable token answer. It says what was wrong, never what
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

/** The grant's secrets: what an error must never repeat, even when the endpoint echoes them. */
const secretsOf = (grant: TokenGrant): string[] => {
  const values = grant as Partial<Record<'refreshToken' | 'code' | 'codeVerifier' | 'session_token', unknown>>;
  return [values.refreshToken, values.code, values.codeVerifier, values.session_token].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
};

const REDACTED = '[redacted]';

/** Every string inside a JSON value, with each secret replaced. */
const redact = (value: unknown, secrets: readonly string[]): unknown => {
  if (typeof value === 'string') return secrets.reduce((text, secret) => text.split(secret).join(REDACTED), value);
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redact(item, secrets)]));
  return value;
};

/** A refusal's body as the error mapping will read it, without the grant's secrets (unreadable text is dropped). */
const refusalText = (text: string, grant: TokenGrant): string => {
  const secrets = secretsOf(grant);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return '';
  }
  return secrets.length === 0 ? text : JSON.stringify(redact(body, secrets));
};

/**
 * One call of the token endpoint. It bypasses the client's auth on purpose: it is how tokens are made. A refusal
 * is the runtime's error of any call (`ValidationError` with its field violations, `ApplicationError` with its
 * code, `SystemError` for a 5xx), reporting the token operation; a 200 that holds no token is a TokenEndpointError.
 */
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
  if (response.status !== 200)
    throw toApiError(response.status, response.statusText, response.headers, refusalText(text, grant), TOKEN_OPERATION);
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
