// Bundled into the test page: runs silent sign-in against the mock and reports what happened.
import { memberSignIn, oauthStrategy } from '../../src/auth/index';
import { createClient } from '../../src/index';

export interface SilentSignInReport {
  readonly role?: string;
  readonly loggedIn?: boolean;
  readonly error?: string;
  readonly framesLeft: number;
  readonly frameSeen: boolean;
}

export const run = async (mockUrl: string, sessionToken: string, timeoutMs: number, forge: boolean): Promise<SilentSignInReport> => {
  const auth = oauthStrategy({ clientId: '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f', silentSignInTimeoutMs: timeoutMs });
  createClient({ baseUrl: mockUrl, auth });
  let frameSeen = false;
  // Watch for the hidden frame; when asked, forge a message with the right state from this page's own origin.
  const observer = new MutationObserver(() => {
    const frame = document.querySelector('iframe');
    if (!frame || frameSeen) return;
    frameSeen = true;
    if (forge) {
      const state = new URL(frame.src).searchParams.get('state');
      window.postMessage({ code: 'forged-code', state }, '*');
    }
  });
  observer.observe(document.body, { childList: true });
  try {
    const tokens = await memberSignIn(auth).getMemberTokensForDirectLogin(sessionToken);
    return { role: tokens.refreshToken.role, loggedIn: auth.loggedIn(), framesLeft: document.querySelectorAll('iframe').length, frameSeen };
  } catch (error) {
    return { error: (error as Error).message, framesLeft: document.querySelectorAll('iframe').length, frameSeen };
  } finally {
    observer.disconnect();
  }
};
