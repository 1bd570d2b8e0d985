import { describe, expect, inject, it } from 'vitest';
import { memberSignIn, oauthStrategy, type Tokens } from '../../src/auth/index';
import { ApiError, createClient, ValidationError } from '../../src/index';
import { API_KEY } from '../support/mock-credentials';

// The OAuth strategy against the stateful mock playing the platform's side of every grant and login state:
// the tokens are the mock's own, so only what it minted is accepted.
const baseUrl = inject('mockUrl');
// Client ids are GUIDs on the platform, and the mock's contract checks the format.
const CLIENT_ID = '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f';
const now = () => Math.floor(Date.now() / 1000);
const signedIn = (tokens?: Tokens) => {
  const auth = oauthStrategy({ clientId: CLIENT_ID, ...(tokens && { tokens }) });
  const client = createClient({ baseUrl, auth });
  return { auth, client };
};

describe('grants against the mock', () => {
  it('anonymous: a first call gets a visitor token the mock accepts', async () => {
    const { auth, client } = signedIn();
    const { data } = await client.platform.POST('/v1/products/query-platformized', { body: { query: {} } });
    expect(data?.products?.length).toBeGreaterThan(0);
    expect(auth.getTokens().accessToken.value).not.toBe('');
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
  });

  it('refresh_token: an expired member token is renewed with the refresh token the mock issued', async () => {
    const first = signedIn();
    const oauthData = await memberSignIn(first.auth).generateOAuthData('http://127.0.0.1:9/callback', 'http://127.0.0.1:9/');
    const { authUrl } = await memberSignIn(first.auth).getAuthUrl(oauthData, { prompt: 'login' });
    const page = await fetch(authUrl, { redirect: 'manual' });
    const { code, state } = memberSignIn(first.auth).parseFromUrl(page.headers.get('location') ?? '');
    const issued = await memberSignIn(first.auth).getMemberTokens(code, state, oauthData);
    const { auth, client } = signedIn({ accessToken: { value: 'expired', expiresAt: now() - 1 }, refreshToken: issued.refreshToken });
    const { data } = await client.platform.GET('/v1/members/my', { params: { query: {} } });
    expect(data?.member?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(auth.getTokens().accessToken.value).not.toBe('expired');
    expect(auth.getTokens().accessToken.expiresAt).toBeGreaterThan(now());
    // The platform answers a refresh with a new access token only; the refresh token is kept.
    expect(auth.getTokens().refreshToken).toEqual(issued.refreshToken);
    expect(auth.loggedIn()).toBe(true);
  });

  it('refresh_token: a refresh token the mock never issued is refused, and a new visitor session starts', async () => {
    const { auth, client } = signedIn({
      accessToken: { value: 'expired', expiresAt: now() - 1 },
      refreshToken: { value: 'OAUTH_REFRESH.member', role: 'member' },
    });
    await client.platform.POST('/v1/products/query-platformized', { body: { query: {} } });
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
    expect(auth.loggedIn()).toBe(false);
  });

  it('authorization_code: the authorize page redirects with a code that becomes member tokens', async () => {
    const { auth } = signedIn();
    const oauthData = await memberSignIn(auth).generateOAuthData('http://127.0.0.1:9/callback', 'http://127.0.0.1:9/');
    const { authUrl } = await memberSignIn(auth).getAuthUrl(oauthData, { prompt: 'login' });
    expect(authUrl.startsWith(`${baseUrl}/__mock/oauth/authorize?`)).toBe(true);
    expect(new URL(authUrl).searchParams.get('code_challenge')).toBe(oauthData.codeChallenge);
    const page = await fetch(authUrl, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const { code, state } = memberSignIn(auth).parseFromUrl(page.headers.get('location') ?? '');
    expect(state).toBe(oauthData.state);
    const tokens = await memberSignIn(auth).getMemberTokens(code, state, oauthData);
    expect(tokens.refreshToken.role).toBe('member');
    expect(auth.loggedIn()).toBe(true);
  });

  it('authorized_client: the token endpoint takes a member id with the combined authorization header', async () => {
    const { auth, client } = signedIn();
    await client.platform.POST('/v1/products/query-platformized', { body: { query: {} } });
    // The combined header is the caller's own token and the API key; sent as it is, without the strategy.
    const { data } = await createClient({ baseUrl }).platform.POST('/oauth2/token', {
      body: { grant_type: 'authorized_client', scope: 'offline_access', member_id: '5e9b2f7c-1a3d-4e6f-8b0a-2c4e6f8a0b1c' } as never,
      headers: { Authorization: `${auth.getTokens().accessToken.value},${API_KEY}` },
    });
    const memberToken = (data as { access_token?: string }).access_token ?? '';
    const me = await fetch(`${baseUrl}/v1/members/my`, { headers: { Authorization: memberToken } });
    expect(((await me.json()) as { member?: { id?: string } }).member?.id).toBe('5e9b2f7c-1a3d-4e6f-8b0a-2c4e6f8a0b1c');
  });

  it('logout: a logout URL on the mock and tokens cleared', async () => {
    const { auth, client } = signedIn();
    await client.platform.POST('/v1/products/query-platformized', { body: { query: {} } });
    const { logoutUrl } = await memberSignIn(auth).logout('http://127.0.0.1:9/bye');
    expect(logoutUrl.startsWith(`${baseUrl}/__mock/oauth/logout`)).toBe(true);
    const page = await fetch(logoutUrl, { redirect: 'manual' });
    expect(page.headers.get('location')).toBe('http://127.0.0.1:9/bye');
    expect(auth.getTokens().refreshToken.role).toBe('none');
  });
});

describe('login states chosen by the e-mail', () => {
  it.each([
    ['shopper@example.com', { loginState: 'SUCCESS' }],
    ['owner-approval@example.com', { loginState: 'OWNER_APPROVAL_REQUIRED' }],
    ['verify@example.com', { loginState: 'EMAIL_VERIFICATION_REQUIRED' }],
    ['status-check@example.com', { loginState: 'FAILURE', error: 'Unknown _state' }],
    ['mfa@example.com', { loginState: 'FAILURE', error: 'Unknown _state' }],
    ['wrong-password@example.com', { loginState: 'FAILURE', errorCode: 'invalidPassword' }],
    ['reset-password@example.com', { loginState: 'FAILURE', errorCode: 'resetPassword' }],
    ['no-captcha@example.com', { loginState: 'FAILURE', errorCode: 'missingCaptchaToken' }],
    ['bad-captcha@example.com', { loginState: 'FAILURE', errorCode: 'invalidCaptchaToken' }],
  ])('login %s', async (email, expected) => {
    const { auth } = signedIn();
    expect(await memberSignIn(auth).login({ email, password: 'correct-horse-9' })).toMatchObject(expected);
  });

  it.each([
    ['new-shopper@example.com', { loginState: 'SUCCESS' }],
    ['exists@example.com', { loginState: 'FAILURE', errorCode: 'emailAlreadyExists' }],
    ['invalid-email@example.com', { loginState: 'FAILURE', errorCode: 'invalidEmail' }],
    ['no-captcha@example.com', { loginState: 'FAILURE', errorCode: 'missingCaptchaToken' }],
  ])('register %s', async (email, expected) => {
    const { auth } = signedIn();
    expect(await memberSignIn(auth).register({ email, password: 'correct-horse-9' })).toMatchObject(expected);
  });

  it('a Prefer example overrides the e-mail', async () => {
    const { auth, client } = signedIn();
    const { data } = await client.platform.POST('/v2/login', {
      body: { loginId: { email: 'shopper@example.com' }, password: 'x1234567' } as never,
      headers: { Prefer: 'example=requireOwnerApproval' },
    });
    expect((data as { state?: string }).state).toBe('REQUIRE_OWNER_APPROVAL');
    expect(auth.loggedIn()).toBe(false);
  });

  it('verifies the e-mail code after REQUIRE_EMAIL_VERIFICATION', async () => {
    const { auth } = signedIn();
    await memberSignIn(auth).login({ email: 'verify@example.com', password: 'correct-horse-9' });
    expect(await memberSignIn(auth).processVerification({ verificationCode: '123456' })).toMatchObject({ loginState: 'SUCCESS' });
  });
});

describe('scenarios belong to their call', () => {
  it('answers a register-only address on login, and a login-only address on register, with success', async () => {
    const { auth } = signedIn();
    expect(await memberSignIn(auth).login({ email: 'exists@example.com', password: 'correct-horse-9' })).toMatchObject({
      loginState: 'SUCCESS',
    });
    expect(await memberSignIn(auth).register({ email: 'wrong-password@example.com', password: 'correct-horse-9' })).toMatchObject({
      loginState: 'SUCCESS',
    });
  });
});

describe('token endpoint refusals against the mock', () => {
  it('a clientId that is not a UUID is the runtime ValidationError naming clientId, the token in no message', async () => {
    const auth = oauthStrategy({ clientId: 'not-a-uuid' });
    const client = createClient({ baseUrl, auth });
    const failure = await client.platform.POST('/v1/products/query-platformized', { body: { query: {} } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    const { fieldViolations, status, requestId, operation } = failure as ValidationError;
    expect(status).toBe(400);
    expect(requestId).toBeTruthy();
    expect(operation).toMatchObject({ operationId: 'token', path: '/oauth2/token' });
    expect(fieldViolations).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'clientId', violatedRule: 'FORMAT' })]));
    expect((failure as Error).message).toMatch(/^INVALID_ARGUMENT: .*"clientId" must be a valid uuid/);
    expect(auth.getTokens().accessToken.value).toBe('');
  });

  it('a code the mock never issued is refused as the runtime error, its code and verifier in no message', async () => {
    const { auth } = signedIn();
    const oauthData = await memberSignIn(auth).generateOAuthData('http://127.0.0.1:9/callback', 'http://127.0.0.1:9/');
    const failure = (await memberSignIn(auth)
      .getMemberTokens('never-issued-code-4711', oauthData.state, oauthData)
      .catch((error: unknown) => error)) as Error;
    expect(failure.message).toBe('Failed to get member tokens');
    expect(failure.cause).toBeInstanceOf(ApiError);
    expect((failure.cause as ApiError).status).toBeGreaterThanOrEqual(400);
    expect((failure.cause as ApiError).status).toBeLessThan(500);
    const shown = JSON.stringify(failure.cause, Object.getOwnPropertyNames(failure.cause)) + (failure.cause as Error).message;
    expect(shown).not.toContain('never-issued-code-4711');
    expect(shown).not.toContain(oauthData.codeVerifier);
  });
});
