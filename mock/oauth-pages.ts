import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Session token that makes the authorize page stay silent, so clients can test their time-out. */
export const SILENT_SESSION_TOKEN = 'never-answer';

const html = (res: ServerResponse, body: string): void => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html><head><meta charset="utf-8"><title>Mock sign-in</title></head><body>${body}</body></html>`);
};

const redirect = (res: ServerResponse, location: string): void => {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
};

const withParams = (base: string, params: URLSearchParams, inFragment: boolean): string => {
  const url = new URL(base);
  if (inFragment) url.hash = params.toString();
  else params.forEach((value, name) => url.searchParams.set(name, value));
  return url.toString();
};

/**
 * The mock's authorize page: it grants at once. web_message posts { code, state } to the parent frame
 * (prompt=none without a session token posts login_required); query and fragment redirect to redirect_uri.
 */
const authorize = (url: URL, res: ServerResponse): void => {
  const state = url.searchParams.get('state') ?? '';
  const mode = url.searchParams.get('response_mode') ?? 'fragment';
  const redirectUri = url.searchParams.get('redirect_uri');
  const sessionToken = url.searchParams.get('session_token');
  const answer = new URLSearchParams({ state });
  if (url.searchParams.get('prompt') === 'none' && !sessionToken) answer.set('error', 'login_required');
  else answer.set('code', `mock-code-${randomUUID()}`);

  if (mode === 'web_message') {
    if (sessionToken === SILENT_SESSION_TOKEN) return html(res, '<p>Waiting forever (test time-out).</p>');
    const message = JSON.stringify(Object.fromEntries(answer)).replace(/</g, '\\u003c');
    const target = JSON.stringify(redirectUri ? new URL(redirectUri).origin : '*');
    return html(res, `<script>window.parent.postMessage(${message}, ${target});</script>`);
  }
  if (!redirectUri) {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'redirect_uri is required for response_mode query or fragment', details: {} }));
    return;
  }
  redirect(res, withParams(redirectUri, answer, mode !== 'query'));
};

/** Serves the mock's own OAuth pages; false when the request is not for one of them. */
export const serveOAuthPage = (req: IncomingMessage, res: ServerResponse): boolean => {
  const url = new URL(req.url ?? '/', 'http://mock');
  if (req.method !== 'GET') return false;
  if (url.pathname === '/__mock/oauth/authorize') {
    authorize(url, res);
    return true;
  }
  if (url.pathname === '/__mock/oauth/logout') {
    const next = url.searchParams.get('post_logout_redirect_uri');
    if (next) redirect(res, next);
    else html(res, '<p>Signed out.</p>');
    return true;
  }
  return false;
};
