// The mock's own sign-in pages, framework-free. Redirects go only to absolute http(s) URLs the client named;
// links back to the mock are built from its configured public URL, never from the request's Host header.
import { fieldViolation } from '../src/protocol';
import { validationFailure } from './errors/platform-error';
import type { MockResponse } from './pipeline/types';

/** Session token that makes the authorize page stay silent, so clients can test their time-out. */
export const SILENT_SESSION_TOKEN = 'never-answer';

export const AUTHORIZE_PATH = '/__mock/oauth/authorize';
export const LOGOUT_PATH = '/__mock/oauth/logout';

const html = (body: string): MockResponse => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  body: `<!doctype html><html><head><meta charset="utf-8"><title>Mock sign-in</title></head><body>${body}</body></html>`,
});

const redirect = (location: string): MockResponse => ({ status: 302, headers: { location, 'cache-control': 'no-store' }, body: '' });

/** The URL a parameter names, when it is an absolute http(s) URL. */
const httpUrl = (value: string | null): URL | undefined => {
  if (value === null) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
};

const badUrl = (parameter: string, requestId: string): MockResponse =>
  validationFailure([fieldViolation(parameter, 'must be an absolute http(s) URL', 'FORMAT', { type: 'WEB_URL' })], requestId);

const withParams = (base: URL, params: URLSearchParams, inFragment: boolean): string => {
  const url = new URL(base);
  if (inFragment) url.hash = params.toString();
  else params.forEach((value, name) => url.searchParams.set(name, value));
  return url.toString();
};

/**
 * The authorize page grants at once. web_message posts { code, state } to the parent frame (to the origin of
 * redirect_uri when given; prompt=none without a session token posts login_required); query and fragment
 * redirect to redirect_uri.
 */
const authorize = async (params: URLSearchParams, requestId: string, issueCode: IssueCode): Promise<MockResponse> => {
  const mode = params.get('response_mode') ?? 'fragment';
  const given = params.get('redirect_uri');
  const redirectUri = httpUrl(given);
  if (given !== null && !redirectUri) return badUrl('redirect_uri', requestId);
  const sessionToken = params.get('session_token');
  const answer = new URLSearchParams({ state: params.get('state') ?? '' });
  if (params.get('prompt') === 'none' && !sessionToken) answer.set('error', 'login_required');
  else answer.set('code', await issueCode(params));

  if (mode === 'web_message') {
    if (sessionToken === SILENT_SESSION_TOKEN) return html('<p>Waiting forever (test time-out).</p>');
    const message = JSON.stringify(Object.fromEntries(answer)).replace(/</g, '\\u003c');
    const target = JSON.stringify(redirectUri ? redirectUri.origin : '*').replace(/</g, '\\u003c');
    return html(`<script>window.parent.postMessage(${message}, ${target});</script>`);
  }
  if (!redirectUri) {
    return validationFailure(
      [fieldViolation('redirect_uri', 'is required for response_mode query or fragment', 'REQUIRED_FIELD')],
      requestId,
    );
  }
  return redirect(withParams(redirectUri, answer, mode !== 'query'));
};

const logout = (params: URLSearchParams, requestId: string): MockResponse => {
  const given = params.get('post_logout_redirect_uri');
  if (given === null) return html('<p>Signed out.</p>');
  const next = httpUrl(given);
  return next ? redirect(next.toString()) : badUrl('post_logout_redirect_uri', requestId);
};

/**
 * The authorization code the authorize page grants. Static and dynamic modes hand out any code (Prism accepts
 * every one); the stateful engine mints one its token endpoint redeems for the member the page signs in.
 */
export type IssueCode = (params: URLSearchParams) => Promise<string>;

export const anyCode: IssueCode = async () => `mock-code-${globalThis.crypto.randomUUID()}`;

/** The answer of one of the mock's sign-in pages, or undefined when the request is not for one. */
export const serveOAuthPage = async (
  method: string,
  path: string,
  params: URLSearchParams,
  requestId: string,
  issueCode: IssueCode = anyCode,
): Promise<MockResponse | undefined> => {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  if (path === AUTHORIZE_PATH) return authorize(params, requestId, issueCode);
  if (path === LOGOUT_PATH) return logout(params, requestId);
  return undefined;
};
