// How the mock plays the server side of sign-in: the submitted e-mail picks the login/register answer and the
// grant picks the token answer when the request names no `Prefer` itself, and authorize/logout redirect
// sessions point at the mock's own pages.

// E-mail local part (before any `+tag`) -> the Prefer header Prism answers with, per call; any other
// address succeeds.
const STATE_SCENARIOS: Readonly<Record<string, string>> = {
  'owner-approval': 'example=requireOwnerApproval',
  verify: 'example=requireEmailVerification',
  'status-check': 'example=statusCheck',
  mfa: 'example=requireMfa',
  'no-captcha': 'code=400, example=missingCaptchaToken',
  'bad-captcha': 'code=400, example=invalidCaptchaToken',
};

export const SIGN_IN_SCENARIOS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '/v2/login': {
    ...STATE_SCENARIOS,
    'wrong-password': 'code=401, example=invalidPassword',
    'reset-password': 'code=403, example=resetPasswordRequired',
  },
  '/v2/register': {
    ...STATE_SCENARIOS,
    exists: 'code=409, example=emailAlreadyExists',
    'invalid-email': 'code=400, example=invalidEmail',
  },
};

/**
 * The e-mailed verification code the mock treats as wrong (or expired): VERIFICATION_FAILED. Any other code of
 * six characters verifies.
 */
export const WRONG_VERIFICATION_CODE = '000000';

/** Token grant -> the example of `POST /oauth2/token` that answers it. */
const TOKEN_EXAMPLES: Readonly<Record<string, string>> = {
  anonymous: 'example=visitor',
  refresh_token: 'example=renewed',
  authorization_code: 'example=member',
  authorized_client: 'example=member',
};

/** The Prefer header a sign-in or token request should be answered with, or undefined to leave it to Prism. */
export const preferForAuth = (path: string, body: unknown): string | undefined => {
  if (path === '/oauth2/token') {
    const grant = body as { grantType?: unknown; grant_type?: unknown } | undefined;
    return TOKEN_EXAMPLES[String(grant?.grantType ?? grant?.grant_type)];
  }
  const scenarios = SIGN_IN_SCENARIOS[path];
  if (!scenarios) return undefined;
  const email = (body as { loginId?: { email?: unknown } } | undefined)?.loginId?.email;
  if (typeof email !== 'string') return undefined;
  const local = (email.split('@')[0] ?? '').split('+')[0]?.toLowerCase() ?? '';
  return scenarios[local] ?? 'example=success';
};

interface AuthRequest {
  clientId?: string;
  redirectUri?: string;
  state?: string;
  responseMode?: string;
  responseType?: string;
  codeChallenge?: string;
  scope?: string;
  sessionToken?: string;
}

/**
 * The URL a redirect session should send the browser to on the mock, or undefined to keep Prism's answer.
 * `extra` parameters ride along (the stateful engine names the session the sign-in belongs to).
 */
export const mockRedirectUrl = (mockUrl: string, body: unknown, extra: Readonly<Record<string, string>> = {}): string | undefined => {
  const request = body as { auth?: { authRequest?: AuthRequest; prompt?: string }; logout?: object; callbacks?: { postFlowUrl?: string } };
  if (request?.auth?.authRequest) {
    const auth = request.auth.authRequest;
    const params = new URLSearchParams();
    const put = (name: string, value: string | undefined) => value !== undefined && params.set(name, value);
    put('client_id', auth.clientId);
    put('redirect_uri', auth.redirectUri);
    put('state', auth.state);
    put('response_mode', auth.responseMode);
    put('response_type', auth.responseType);
    put('code_challenge', auth.codeChallenge);
    put('scope', auth.scope);
    put('prompt', request.auth.prompt);
    put('session_token', auth.sessionToken);
    for (const [name, value] of Object.entries(extra)) params.set(name, value);
    return `${mockUrl}/__mock/oauth/authorize?${params}`;
  }
  if (request?.logout) {
    const params = new URLSearchParams();
    if (request.callbacks?.postFlowUrl) params.set('post_logout_redirect_uri', request.callbacks.postFlowUrl);
    return `${mockUrl}/__mock/oauth/logout?${params}`;
  }
  return undefined;
};
