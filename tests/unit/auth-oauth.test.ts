import { describe, expect, it } from 'vitest';
import { memberSignIn, oauthStrategy, type Tokens } from '../../src/auth/index';
import { ApplicationError, createClient, isApiError } from '../../src/index';
import { loginV2 } from '../../src/platform';
import { fakePlatform, json, type SeenRequest } from '../support/fake-platform';

const now = () => Math.floor(Date.now() / 1000);
const tokenAnswer = (access: string, refresh = 'refresh-new') =>
  json(200, { access_token: access, expires_in: 14400, refresh_token: refresh, token_type: 'Bearer' });
const grantsOf = (seen: SeenRequest[]) =>
  seen.filter((r) => r.path === '/oauth2/token').map((r) => r.body?.grantType ?? r.body?.grant_type);
const expired = (role: 'visitor' | 'member' = 'visitor'): Tokens => ({
  accessToken: { value: 'old-access', expiresAt: now() - 10 },
  refreshToken: { value: 'refresh-1', role },
});

const setup = (routes: Parameters<typeof fakePlatform>[0], tokens?: Tokens, extra: { silentSignInTimeoutMs?: number } = {}) => {
  const platform = fakePlatform({ 'GET /v1/carts/current': () => json(200, { cart: {} }), ...routes });
  const auth = oauthStrategy({ clientId: 'client-1', ...(tokens && { tokens }), ...extra });
  const client = createClient({ baseUrl: 'https://api.test', fetch: platform.fetch, auth });
  return { ...platform, auth, client };
};

describe('oauthStrategy token life cycle', () => {
  it('obtains an anonymous visitor token when it has none', async () => {
    const { client, seen, auth } = setup({ 'POST /oauth2/token': () => tokenAnswer('visitor-access') });
    await client.commerce.GET('/v1/carts/current');
    expect(grantsOf(seen)).toEqual(['anonymous']);
    expect(seen.find((r) => r.path === '/oauth2/token')?.body).toEqual({ grantType: 'anonymous', clientId: 'client-1' });
    expect(seen.at(-1)?.headers.get('authorization')).toBe('visitor-access');
    expect(auth.getTokens().refreshToken).toEqual({ value: 'refresh-new', role: 'visitor' });
    expect(auth.loggedIn()).toBe(false);
  });

  it('renews an expired access token with the refresh token, keeping the role', async () => {
    const { client, seen, auth } = setup({ 'POST /oauth2/token': () => tokenAnswer('renewed', 'refresh-1') }, expired('member'));
    await client.commerce.GET('/v1/carts/current');
    expect(seen[0]?.body).toEqual({ grantType: 'refresh_token', clientId: 'client-1', refreshToken: 'refresh-1' });
    expect(auth.getTokens().accessToken.value).toBe('renewed');
    expect(auth.loggedIn()).toBe(true);
  });

  it('falls back to a new visitor token when renewal fails', async () => {
    const { client, seen, auth } = setup(
      {
        'POST /oauth2/token': (r) =>
          r.body?.grantType === 'refresh_token' ? json(400, { message: 'invalid_grant' }) : tokenAnswer('fresh-visitor'),
      },
      expired('member'),
    );
    await client.commerce.GET('/v1/carts/current');
    expect(grantsOf(seen)).toEqual(['refresh_token', 'anonymous']);
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
    expect(seen.at(-1)?.headers.get('authorization')).toBe('fresh-visitor');
  });

  it('shares one renewal among 100 concurrent calls that find the token expired', async () => {
    const { client, seen } = setup(
      {
        'POST /oauth2/token': async () => {
          await new Promise((r) => setTimeout(r, 20));
          return tokenAnswer('renewed');
        },
      },
      expired(),
    );
    await Promise.all(Array.from({ length: 100 }, () => client.commerce.GET('/v1/carts/current')));
    expect(grantsOf(seen)).toEqual(['refresh_token']);
    const calls = seen.filter((r) => r.path === '/v1/carts/current');
    expect(calls).toHaveLength(100);
    expect(calls.every((r) => r.headers.get('authorization') === 'renewed')).toBe(true);
  });

  it('renews a token about to expire before the call, not after a 401', async () => {
    const soon: Tokens = { accessToken: { value: 'almost', expiresAt: now() + 5 }, refreshToken: { value: 'refresh-1', role: 'visitor' } };
    const { client, seen } = setup({ 'POST /oauth2/token': () => tokenAnswer('renewed') }, soon);
    await client.commerce.GET('/v1/carts/current');
    expect(seen.map((r) => r.path)).toEqual(['/oauth2/token', '/v1/carts/current']);
    expect(seen[1]?.headers.get('authorization')).toBe('renewed');
  });

  it('keeps a valid token without asking the token endpoint', async () => {
    const valid: Tokens = { accessToken: { value: 'good', expiresAt: now() + 3600 }, refreshToken: { value: 'r', role: 'visitor' } };
    const { client, seen } = setup({}, valid);
    await client.commerce.GET('/v1/carts/current');
    expect(grantsOf(seen)).toEqual([]);
    expect(seen[0]?.headers.get('authorization')).toBe('good');
  });

  it('rejects bad options and bad tokens naming the field', () => {
    expect(() => oauthStrategy({ clientId: '' })).toThrow(/clientId must be a non-empty string/);
    const auth = oauthStrategy({ clientId: 'c' });
    expect(() =>
      auth.setTokens({ accessToken: { value: 'a', expiresAt: 1 }, refreshToken: { value: 'r', role: 'admin' as never } }),
    ).toThrow(/refreshToken.role/);
  });
});

describe('oauthStrategy PKCE sign-in', () => {
  const valid: Tokens = { accessToken: { value: 'visitor', expiresAt: now() + 3600 }, refreshToken: { value: 'r', role: 'visitor' } };

  it('creates the authorize redirect session with S256, offline_access and the state', async () => {
    const { auth, seen } = setup(
      { 'POST /v1/redirect-session': () => json(200, { redirectSession: { id: 's1', fullUrl: 'https://auth.test/authorize?x=1' } }) },
      valid,
    );
    const data = await memberSignIn(auth).generateOAuthData('https://shop.test/callback', 'https://shop.test/cart');
    expect(data.codeVerifier).toHaveLength(43);
    expect(data).toMatchObject({ redirectUri: 'https://shop.test/callback', originalUri: 'https://shop.test/cart' });
    const { authUrl } = await memberSignIn(auth).getAuthUrl(data, { prompt: 'login' });
    expect(authUrl).toBe('https://auth.test/authorize?x=1');
    expect(seen[0]?.body).toEqual({
      auth: {
        authRequest: {
          clientId: 'client-1',
          redirectUri: 'https://shop.test/callback',
          codeChallenge: data.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: data.state,
        },
        prompt: 'login',
      },
    });
  });

  it('reads code, state and errors from the fragment or the query', () => {
    const auth = oauthStrategy({ clientId: 'c' });
    expect(memberSignIn(auth).parseFromUrl('https://shop.test/cb#code=abc&state=xyz')).toEqual({ code: 'abc', state: 'xyz' });
    expect(memberSignIn(auth).parseFromUrl('https://shop.test/cb?code=q1&state=s1', 'query')).toEqual({ code: 'q1', state: 's1' });
    expect(memberSignIn(auth).parseFromUrl('https://shop.test/cb#error=access_denied&error_description=No&state=s')).toEqual({
      code: null,
      state: 's',
      error: 'access_denied',
      errorDescription: 'No',
    });
  });

  it('checks code and state before exchanging them', async () => {
    const { auth, seen } = setup({}, valid);
    const data = await memberSignIn(auth).generateOAuthData('https://shop.test/cb');
    await expect(memberSignIn(auth).getMemberTokens(null, data.state, data)).rejects.toThrow('Missing code or _state');
    await expect(memberSignIn(auth).getMemberTokens('code', '', data)).rejects.toThrow('Missing code or _state');
    await expect(memberSignIn(auth).getMemberTokens('code', 'other-state', data)).rejects.toThrow('Invalid _state');
    expect(seen).toHaveLength(0);
  });

  it('exchanges the code for member tokens', async () => {
    const { auth, seen } = setup({ 'POST /oauth2/token': () => tokenAnswer('member-access', 'member-refresh') }, valid);
    const data = await memberSignIn(auth).generateOAuthData('https://shop.test/cb');
    const tokens = await memberSignIn(auth).getMemberTokens('the-code', data.state, data);
    expect(seen[0]?.body).toEqual({
      grantType: 'authorization_code',
      clientId: 'client-1',
      code: 'the-code',
      codeVerifier: data.codeVerifier,
      redirectUri: 'https://shop.test/cb',
    });
    expect(tokens.refreshToken).toEqual({ value: 'member-refresh', role: 'member' });
    expect(auth.loggedIn()).toBe(true);
  });

  it("raises 'Failed to get member tokens' caused by the endpoint's refusal as the runtime's error", async () => {
    const { auth } = setup({ 'POST /oauth2/token': () => json(400, { error: 'invalid_grant' }) }, valid);
    const data = await memberSignIn(auth).generateOAuthData('https://shop.test/cb');
    const failure = (await memberSignIn(auth)
      .getMemberTokens('bad', data.state, data)
      .catch((e: unknown) => e)) as Error;
    expect(failure.message).toBe('Failed to get member tokens');
    expect(failure.cause).toBeInstanceOf(ApplicationError);
    expect(failure.cause).toMatchObject({ status: 400, code: 'BAD_REQUEST', operation: { operationId: 'token' } });
    expect(auth.loggedIn()).toBe(false);
  });

  it('logs out: logout redirect session, tokens cleared to role none', async () => {
    const member: Tokens = { accessToken: { value: 'm', expiresAt: now() + 3600 }, refreshToken: { value: 'mr', role: 'member' } };
    const { auth, seen } = setup(
      { 'POST /v1/redirect-session': () => json(200, { redirectSession: { id: 's', fullUrl: 'https://auth.test/logout' } }) },
      member,
    );
    expect(await memberSignIn(auth).logout('https://shop.test/')).toEqual({ logoutUrl: 'https://auth.test/logout' });
    expect(seen[0]?.body).toEqual({ logout: { clientId: 'client-1' }, callbacks: { postFlowUrl: 'https://shop.test/' } });
    expect(auth.getTokens()).toEqual({ accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } });
    expect(auth.loggedIn()).toBe(false);
  });

  it('asks to be bound to a client before making calls', async () => {
    const auth = oauthStrategy({ clientId: 'c' });
    await expect(memberSignIn(auth).login({ email: 'a@b.test', password: 'x' })).rejects.toThrow(/createClient\(\{ auth \}\)/);
  });
});

describe('oauthStrategy direct login', () => {
  const valid: Tokens = { accessToken: { value: 'visitor', expiresAt: now() + 3600 }, refreshToken: { value: 'r', role: 'visitor' } };
  const appError = (status: number, code: string) =>
    json(status, { message: `error ${code}`, details: { applicationError: { code, description: code } } });

  it.each([
    ['SUCCESS', { state: 'SUCCESS', sessionToken: 'st-1' }, { loginState: 'SUCCESS', data: { sessionToken: 'st-1' } }],
    ['REQUIRE_OWNER_APPROVAL', { state: 'REQUIRE_OWNER_APPROVAL' }, { loginState: 'OWNER_APPROVAL_REQUIRED' }],
    [
      'REQUIRE_EMAIL_VERIFICATION',
      { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'vt' },
      { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'vt' } },
    ],
    ['STATUS_CHECK', { state: 'STATUS_CHECK' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
    ['REQUIRE_MFA', { state: 'REQUIRE_MFA', stateToken: 'm' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
  ])('maps the server state %s', async (_name, answer, expected) => {
    const { auth, seen } = setup({ 'POST /v2/login': () => json(200, answer) }, valid);
    expect(await memberSignIn(auth).login({ email: 'shopper@example.com', password: 'secret123' })).toEqual(expected);
    expect(seen[0]?.body).toEqual({ loginId: { email: 'shopper@example.com' }, password: 'secret123' });
    expect(seen[0]?.headers.get('authorization')).toBe('visitor');
  });

  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19970', 'invalidCaptchaToken'],
    ['-19976', 'invalidPassword'],
    ['-19973', 'resetPassword'],
    ['-12345', 'invalidEmail'],
  ])('maps login error %s to %s', async (code, errorCode) => {
    const { auth } = setup({ 'POST /v2/login': () => appError(403, code) }, valid);
    expect(await memberSignIn(auth).login({ email: 'a@b.test', password: 'x' })).toMatchObject({ loginState: 'FAILURE', errorCode });
  });

  it("sends a wrong password once: the operation's own 401 (-19976) is an answer, not a refused token", async () => {
    const { auth, client, seen } = setup({ 'POST /v2/login': () => appError(401, '-19976') }, valid);
    const failure = await loginV2(client, { body: { loginId: { email: 'a@b.test' }, password: 'wrong' } }).catch((e: unknown) => e);
    expect(isApiError(failure, loginV2, '-19976')).toBe(true);
    expect(failure).toMatchObject({ status: 401, code: '-19976' });
    expect(seen.map((r) => r.path)).toEqual(['/v2/login']);
    expect(await memberSignIn(auth).login({ email: 'a@b.test', password: 'wrong' })).toMatchObject({ errorCode: 'invalidPassword' });
    expect(seen.map((r) => r.path)).toEqual(['/v2/login', '/v2/login']);
  });

  it('renews and replays a 401 that refuses the token (UNAUTHENTICATED)', async () => {
    const { auth, seen } = setup(
      {
        'POST /v2/login': (request) =>
          request.headers.get('authorization') === 'renewed'
            ? json(200, { state: 'SUCCESS', sessionToken: 's' })
            : appError(401, 'UNAUTHENTICATED'),
        'POST /oauth2/token': () => tokenAnswer('renewed'),
      },
      valid,
    );
    expect(await memberSignIn(auth).login({ email: 'a@b.test', password: 'x' })).toMatchObject({ loginState: 'SUCCESS' });
    expect(seen.map((r) => r.path)).toEqual(['/v2/login', '/oauth2/token', '/v2/login']);
  });

  it('sends captcha tokens as the platform expects', async () => {
    const { auth, seen } = setup({ 'POST /v2/login': () => json(200, { state: 'SUCCESS', sessionToken: 's' }) }, valid);
    await memberSignIn(auth).login({ email: 'a@b.test', password: 'x', captchaTokens: { invisibleRecaptchaToken: 'inv' } });
    expect(seen[0]?.body?.captchaTokens).toEqual([{ InvisibleRecaptcha: 'inv' }]);
  });

  it.each([
    ['-19995', 'emailAlreadyExists'],
    ['-19971', 'missingCaptchaToken'],
    ['-19970', 'invalidCaptchaToken'],
  ])('maps registration error %s to %s', async (code, errorCode) => {
    const { auth } = setup({ 'POST /v2/register': () => appError(409, code) }, valid);
    expect(await memberSignIn(auth).register({ email: 'a@b.test', password: 'x' })).toMatchObject({ loginState: 'FAILURE', errorCode });
  });

  it('maps an e-mail field violation at registration to invalidEmail', async () => {
    const { auth } = setup(
      {
        'POST /v2/register': () =>
          json(400, {
            message: 'bad',
            details: {
              validationError: {
                fieldViolations: [
                  { field: 'loginId.email', description: 'must be a valid e-mail', violatedRule: 'FORMAT', data: { type: 'EMAIL' } },
                ],
              },
            },
          }),
      },
      valid,
    );
    expect(await memberSignIn(auth).register({ email: 'nope', password: 'x' })).toEqual({
      loginState: 'FAILURE',
      error: 'must be a valid e-mail',
      errorCode: 'invalidEmail',
    });
  });

  it('processes verification only while e-mail verification is required', async () => {
    const { auth, seen } = setup(
      {
        'POST /v2/register': () => json(200, { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'vt-1' }),
        'POST /v1/auth/verify': () => json(200, { state: 'SUCCESS', sessionToken: 'after-verify' }),
      },
      valid,
    );
    expect(await memberSignIn(auth).processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(seen.some((r) => r.path === '/v1/auth/verify')).toBe(false);
    await memberSignIn(auth).register({ email: 'new@b.test', password: 'x' });
    expect(auth.loginState().loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    expect(await memberSignIn(auth).processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'after-verify' },
    });
    expect(seen.find((r) => r.path === '/v1/auth/verify')?.body).toEqual({ code: '123456', stateToken: 'vt-1' });
  });
});
