// The browser half of silent sign-in: a hidden frame opens the authorize URL with prompt=none and
// response_mode=web_message, and the authorize page posts { code, state } back to this window.

export const SILENT_SIGN_IN_TIMEOUT_MS = 120_000;

export interface AuthorizationMessage {
  readonly code: string;
  readonly state: string;
}

/**
 * Opens `authUrl` in a hidden iframe and resolves with the first message from `expectedOrigin` carrying
 * `expectedState`; other messages are ignored. The frame is removed however it ends.
 */
export const authorizeInHiddenFrame = (authUrl: string, expectedState: string, timeoutMs: number): Promise<AuthorizationMessage> => {
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    return Promise.reject(new Error('Silent sign-in needs a browser (window and document)'));
  }
  const expectedOrigin = new URL(authUrl).origin;
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  let onMessage: (event: MessageEvent) => void = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answer = new Promise<AuthorizationMessage>((resolve, reject) => {
    onMessage = (event: MessageEvent) => {
      const data = event.data as (Partial<AuthorizationMessage> & { error?: string; error_description?: string }) | null;
      if (event.origin !== expectedOrigin || !data || data.state !== expectedState) return;
      if (data.error)
        reject(new Error(`Silent sign-in failed: ${data.error}${data.error_description ? ` (${data.error_description})` : ''}`));
      else if (typeof data.code === 'string') resolve({ code: data.code, state: data.state });
    };
    window.addEventListener('message', onMessage);
    timer = setTimeout(() => reject(new Error('OAuth flow timed out')), timeoutMs);
  });
  frame.src = authUrl;
  document.body.appendChild(frame);
  return answer.finally(() => {
    clearTimeout(timer);
    window.removeEventListener('message', onMessage);
    frame.remove();
  });
};
