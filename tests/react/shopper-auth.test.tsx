// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { localStorageTokenStorage, oauthStrategy, type Tokens } from '../../src/auth/index';
import { createClient } from '../../src/index';
import { useShopperAuth, type ShopperAuth } from '../../src/react/index';
import { fakePlatform, json } from '../support/fake-platform';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const now = () => Math.floor(Date.now() / 1000);
const member: Tokens = { accessToken: { value: 'm', expiresAt: now() + 3600 }, refreshToken: { value: 'mr', role: 'member' } };

const mount = (auth: ReturnType<typeof oauthStrategy>) => {
  const seen: { current?: ShopperAuth } = {};
  function Probe() {
    seen.current = useShopperAuth(auth);
    return <p>{seen.current.loginState}</p>;
  }
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(<Probe />));
  return { seen, container, root };
};

describe('useShopperAuth', () => {
  it('exposes login state, loggedIn and re-renders after each action', async () => {
    const { fetch } = fakePlatform({
      'POST /v2/login': (r) =>
        (r.body?.loginId as { email: string }).email.startsWith('captcha')
          ? json(400, { message: 'captcha', details: { applicationError: { code: '-19971', description: 'missing captcha' } } })
          : json(200, { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'vt' }),
      'POST /v1/redirect-session': () => json(200, { redirectSession: { id: 'x', fullUrl: 'https://auth.test/logout' } }),
    });
    const auth = oauthStrategy({ clientId: 'c', tokens: member });
    createClient({ baseUrl: 'https://api.test', fetch, auth });
    const { seen, container, root } = mount(auth);
    expect(container.textContent).toBe('INITIAL');
    expect(seen.current?.loggedIn).toBe(true);

    await act(async () => void (await seen.current?.login({ email: 'captcha@x.test', password: 'p' })));
    expect(container.textContent).toBe('SILENT_CAPTCHA_REQUIRED');
    expect(seen.current?.result).toMatchObject({ loginState: 'FAILURE', errorCode: 'missingCaptchaToken' });

    await act(async () => void (await seen.current?.login({ email: 'verify@x.test', password: 'p' })));
    expect(container.textContent).toBe('EMAIL_VERIFICATION_REQUIRED');

    await act(async () => void (await seen.current?.logout('https://shop.test/')));
    expect(seen.current?.loggedIn).toBe(false);
    expect(container.textContent).toBe('INITIAL');
    act(() => root.unmount());
  });
});

describe('localStorageTokenStorage', () => {
  it('keeps tokens across strategy instances and ignores unreadable data', () => {
    localStorage.clear();
    const storage = localStorageTokenStorage('test.tokens');
    expect(storage.getTokens().refreshToken.role).toBe('none');
    oauthStrategy({ clientId: 'c', tokenStorage: storage }).setTokens(member);
    expect(oauthStrategy({ clientId: 'c', tokenStorage: localStorageTokenStorage('test.tokens') }).loggedIn()).toBe(true);
    localStorage.setItem('test.tokens', '{broken');
    expect(localStorageTokenStorage('test.tokens').getTokens().refreshToken.role).toBe('none');
    expect(() => storage.setTokens({} as Tokens)).toThrow(/accessToken.value must be a string/);
  });
});
