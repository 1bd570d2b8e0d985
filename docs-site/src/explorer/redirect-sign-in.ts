// Member sign-in by redirect (PKCE) with the package's memberSignIn: the explorer page is its own callback. The
// mock's authorize page sends the browser back with `code` and `state` in the query.
import type { OAuthData } from '../../../src/auth/index';
import type { Connection } from './connection';

const KEY = 'storefront-explorer.pkce';

export const startRedirectSignIn = async (connection: Connection): Promise<void> => {
  const callback = new URL(location.href);
  callback.hash = '';
  const oauthData = await connection.signIn.generateOAuthData(callback.toString(), location.href);
  sessionStorage.setItem(KEY, JSON.stringify(oauthData));
  const { authUrl } = await connection.signIn.getAuthUrl(oauthData, { prompt: 'login', responseMode: 'query' });
  location.assign(authUrl);
};

/** On the page the authorize page sent the browser back to: member tokens for the code. Undefined when this is no callback. */
export const finishRedirectSignIn = async (connection: Connection): Promise<'signed-in' | undefined> => {
  const { code, state, error, errorDescription } = connection.signIn.parseFromUrl(location.href, 'query');
  const saved = sessionStorage.getItem(KEY);
  if ((!code && !error) || !saved) return undefined;
  sessionStorage.removeItem(KEY);
  const oauthData = JSON.parse(saved) as OAuthData;
  // The callback's query goes first: a reload must not replay a used code. replaceState fires no hashchange, so
  // the router is told: the page lands on the operation the sign-in started from.
  history.replaceState(null, '', oauthData.originalUri);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
  if (error) throw new Error(`Sign-in was refused: ${error}${errorDescription ? ` (${errorDescription})` : ''}`);
  await connection.signIn.getMemberTokens(code, state, oauthData);
  return 'signed-in';
};
