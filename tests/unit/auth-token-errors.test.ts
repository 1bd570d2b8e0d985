import { describe, expect, it, vi } from 'vitest';
import { memberSignIn, oauthStrategy, TokenEndpointError } from '../../src/auth/index';
import { requestTokens } from '../../src/auth/token-endpoint';
import { type ApiError, ApplicationError, createClient, SystemError, ValidationError } from '../../src/index';
import { fakePlatform, json, type SeenRequest } from '../support/fake-platform';

// A refusal of the token endpoint reaches the caller as the runtime's error of any call, through the one error
// mapping: field violations kept, the code kept, the token operation named, and no secret of the grant anywhere.
const REQUEST_ID = '1700000000.000.token-refusal';

const clientWith = (answer: () => Response) => {
  const platform = fakePlatform({
    'POST /oauth2/token': answer,
    'GET /v1/carts/current': () => json(200, { cart: {} }),
  });
  const auth = oauthStrategy({ clientId: 'not-a-uuid' });
  const onError = vi.fn();
  const client = createClient({ baseUrl: 'https://api.test', fetch: platform.fetch, auth, onError });
  return { auth, client, onError, seen: platform.seen };
};

const failureOf = async (call: Promise<unknown>): Promise<ApiError> => {
  const failure = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(failure instanceof Error)) throw new Error('the call did not fail');
  return failure as ApiError;
};

/** Everything an error shows: its message, its own fields and its cause's. */
const shown = (error: unknown): string =>
  JSON.stringify(error, Object.getOwnPropertyNames(error ?? {})) +
  String((error as Error)?.message) +
  String((error as Error)?.cause ?? '');

describe('token endpoint refusals', () => {
  it('a 400 with field violations is a ValidationError keeping them, reported once for the call that needed the token', async () => {
    // The second as the platform writes it; the first without its data, which the runtime reads as none (`{}`).
    const violations = [
      { field: 'clientId', description: 'must be a valid uuid', violatedRule: 'FORMAT', ruleName: 'FORMAT' },
      { field: 'clientSecret', description: 'must be at most 100 characters', violatedRule: 'MAX_LENGTH', data: { threshold: 100 } },
    ];
    const { client, onError } = clientWith(() =>
      json(
        400,
        { message: 'INVALID_ARGUMENT: "clientId" must be a valid uuid', details: { validationError: { fieldViolations: violations } } },
        { 'x-wix-request-id': REQUEST_ID },
      ),
    );
    const failure = await failureOf(client.commerce.GET('/v1/carts/current'));
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure.name).toBe('ValidationError');
    expect((failure as ValidationError).fieldViolations).toEqual([{ ...violations[0], data: {} }, violations[1]]);
    expect((failure as ValidationError).fieldViolations[1]?.data.threshold).toBe(100);
    expect(failure.message).toBe('INVALID_ARGUMENT: "clientId" must be a valid uuid, "clientSecret" must be at most 100 characters');
    expect(failure).toMatchObject({ status: 400, requestId: REQUEST_ID, operation: { operationId: 'token', path: '/oauth2/token' } });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBe(failure);
  });

  it('an application error is an ApplicationError with its code', async () => {
    const { client } = clientWith(() =>
      json(403, {
        message: 'CLIENT_NOT_ALLOWED',
        details: { applicationError: { code: 'CLIENT_NOT_ALLOWED', description: 'This client may not sign in visitors' } },
      }),
    );
    const failure = await failureOf(client.commerce.GET('/v1/carts/current'));
    expect(failure).toBeInstanceOf(ApplicationError);
    expect(failure).toMatchObject({ status: 403, code: 'CLIENT_NOT_ALLOWED', description: 'This client may not sign in visitors' });
  });

  it('a 5xx or an unreadable refusal is a SystemError or the status as a code, never a crash', async () => {
    const down = await failureOf(clientWith(() => json(503, { message: 'UNAVAILABLE' })).client.commerce.GET('/v1/carts/current'));
    expect(down).toBeInstanceOf(SystemError);
    expect(down.status).toBe(503);
    const garbled = await failureOf(
      clientWith(() => new Response('<html>nope</html>', { status: 429 })).client.commerce.GET('/v1/carts/current'),
    );
    expect(garbled).toBeInstanceOf(ApplicationError);
    expect(garbled).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
  });

  it('never repeats a secret of the grant, even when the endpoint echoes it', async () => {
    const echo = (request: SeenRequest) => {
      const secrets = `${String(request.body?.refreshToken ?? request.body?.code)} / ${String(request.body?.codeVerifier)}`;
      return json(400, {
        message: `grant ${secrets} is unknown`,
        details: {
          validationError: { fieldViolations: [{ field: 'grant', description: `${secrets} was not issued here`, data: { secrets } }] },
        },
      });
    };
    const platform = fakePlatform({ 'POST /oauth2/token': echo });
    const context = { platformBaseUrl: 'https://api.test', fetch: platform.fetch };
    const refresh = 'OAUTH_REFRESH.very-secret-refresh-token';
    const renewal = await failureOf(requestTokens(context, { grantType: 'refresh_token', clientId: 'client-1', refreshToken: refresh }));
    expect(renewal).toBeInstanceOf(ValidationError);
    expect((renewal as ValidationError).fieldViolations).toEqual([
      { field: 'grant', description: '[redacted] / undefined was not issued here', data: { secrets: '[redacted] / undefined' } },
    ]);
    expect(shown(renewal)).not.toContain(refresh);

    const code = 'secret-code-4711';
    const verifier = 'secret-verifier-0815-0815-0815-0815-0815';
    const exchange = await failureOf(
      requestTokens(context, { grantType: 'authorization_code', clientId: 'client-1', code, codeVerifier: verifier }),
    );
    expect(exchange.message).toBe('INVALID_ARGUMENT: "grant" [redacted] / [redacted] was not issued here');
    expect(shown(exchange)).not.toContain(code);
    expect(shown(exchange)).not.toContain(verifier);

    // Through member sign-in too: its error's cause is the same mapping.
    const signIn = oauthStrategy({ clientId: 'client-1' });
    createClient({ baseUrl: 'https://api.test', fetch: platform.fetch, auth: signIn });
    const data = await memberSignIn(signIn).generateOAuthData('https://shop.test/cb');
    const failure = (await memberSignIn(signIn)
      .getMemberTokens(code, data.state, data)
      .catch((error: unknown) => error)) as Error;
    expect(failure.cause).toBeInstanceOf(ValidationError);
    expect(shown(failure.cause)).not.toContain(code);
    expect(shown(failure.cause)).not.toContain(data.codeVerifier);
  });

  it('a 200 that holds no token is still a TokenEndpointError saying what was wrong, not what it held', async () => {
    const failure = await failureOf(
      clientWith(() => json(200, { access_token: '', refresh_token: 'leaked-refresh' })).client.commerce.GET('/v1/carts/current'),
    );
    expect(failure).toBeInstanceOf(SystemError);
    expect(failure.cause).toBeInstanceOf(TokenEndpointError);
    expect((failure.cause as TokenEndpointError).reason).toBe('access_token is missing or not a string');
    expect(shown(failure)).not.toContain('leaked-refresh');
  });
});
