// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { localStorageTokenStorage, oauthStrategy, type Tokens } from '../../src/auth/index';
import { getCurrentCart } from '../../src/commerce';
import { createClient } from '../../src/index';
import { type ShopperAuth, useShopperAuth } from '../../src/react/index';
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
        (r.body!.loginId as { email: string }).email.startsWith('captcha')
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

describe('auth state is observable', () => {
  it('every component sees a renewal made by a call elsewhere, and a sign-out made by another component', async () => {
    const { fetch } = fakePlatform({
      'POST /oauth2/token': () => json(200, { access_token: 'visitor-access', expires_in: 3600, refresh_token: 'vr' }),
      'GET /v1/carts/current': () => json(200, { cart: {} }),
      'POST /v1/redirect-session': () => json(200, { redirectSession: { id: 'x', fullUrl: 'https://auth.test/logout' } }),
    });
    const auth = oauthStrategy({ clientId: 'c' });
    const client = createClient({ baseUrl: 'https://api.test', fetch, auth });
    const first = mount(auth);
    const second = mount(auth);
    expect([first.seen.current?.role, second.seen.current?.role]).toEqual(['none', 'none']);
    await act(async () => void (await getCurrentCart(client)));
    expect([first.seen.current?.role, second.seen.current?.role]).toEqual(['visitor', 'visitor']);
    act(() => auth.setTokens(member));
    expect(second.seen.current?.loggedIn).toBe(true);
    await act(async () => void (await first.seen.current?.logout('https://shop.test/')));
    expect([first.seen.current?.role, second.seen.current?.role]).toEqual(['none', 'none']);
    act(() => (first.root.unmount(), second.root.unmount()));
  });

  it('follows another tab that shares localStorage', () => {
    localStorage.clear();
    const auth = oauthStrategy({ clientId: 'c', tokenStorage: localStorageTokenStorage('tab.tokens') });
    const { seen, root } = mount(auth);
    expect(seen.current?.loggedIn).toBe(false);
    // Another tab writes the same key; the browser tells this one with a storage event.
    act(() => {
      localStorage.setItem('tab.tokens', JSON.stringify(member));
      window.dispatchEvent(new StorageEvent('storage', { key: 'tab.tokens' }));
    });
    expect(seen.current?.loggedIn).toBe(true);
    act(() => root.unmount());
  });

  it('keeps one snapshot object until something changes, and stops telling unsubscribed listeners', () => {
    const auth = oauthStrategy({ clientId: 'c' });
    const before = auth.getSnapshot();
    expect(auth.getSnapshot()).toBe(before);
    let told = 0;
    const stop = auth.subscribe(() => (told += 1));
    auth.setTokens(member);
    expect(told).toBe(1);
    expect(auth.getSnapshot()).not.toBe(before);
    expect(auth.getSnapshot().role).toBe('member');
    stop();
    auth.setLoginState({ loginState: 'INITIAL' });
    expect(told).toBe(1);
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
