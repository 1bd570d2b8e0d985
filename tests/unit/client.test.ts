import { describe, expect, it, vi } from 'vitest';
import {
  type ApiError,
  ApplicationError,
  createClient,
  type OperationInfo,
  QueryTooLongError,
  SystemError,
  staticToken,
  ValidationError,
} from '../../src/index';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const stubbed = (answer: (request: Request) => Response | Promise<Response>) => {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input as RequestInfo, init);
    requests.push(request.clone());
    return answer(request);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
};

describe('createClient', () => {
  it('returns typed data on success and sends the auth header', async () => {
    const { fetch, requests } = stubbed(() => json(200, { cart: { id: 'c1' } }));
    const client = createClient({ baseUrl: 'https://api.test', fetch, auth: staticToken('tok-1') });
    const { data } = await client.commerce.GET('/v1/carts/current');
    expect(data?.cart?.id).toBe('c1');
    expect(requests[0]?.headers.get('authorization')).toBe('tok-1');
    expect(requests[0]?.url).toBe('https://api.test/v1/carts/current');
  });

  it('reports a failed call to onError exactly once with the operation, then throws the same error', async () => {
    const { fetch } = stubbed(() =>
      json(
        404,
        { message: 'Cart not found', details: { applicationError: { code: 'OWNED_CART_NOT_FOUND', description: 'no cart' } } },
        { 'x-wix-request-id': 'r-9' },
      ),
    );
    const seen: Array<[ApiError, OperationInfo]> = [];
    const client = createClient({ baseUrl: 'https://api.test', fetch, onError: (error, operation) => seen.push([error, operation]) });
    const failure = await client.commerce.GET('/v1/carts/current').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationError);
    expect(failure).toMatchObject({ code: 'OWNED_CART_NOT_FOUND', requestId: 'r-9', status: 404 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.[0]).toBe(failure);
    expect(seen[0]?.[1]).toEqual({ family: 'commerce', method: 'GET', path: '/v1/carts/current', operationId: 'getCurrentCart' });
  });

  it('names the templated operation of a concrete path', async () => {
    const { fetch } = stubbed(() => json(500, {}));
    const onError = vi.fn();
    const client = createClient({ baseUrl: 'https://api.test', fetch, onError });
    await expect(client.commerce.GET('/v1/checkouts/{id}', { params: { path: { id: 'abc' } } })).rejects.toBeInstanceOf(SystemError);
    expect(onError.mock.calls[0]?.[1]).toMatchObject({ operationId: 'getCheckout', path: '/v1/checkouts/{id}' });
  });

  it('turns a network failure into a SystemError keeping the cause', async () => {
    const cause = new TypeError('fetch failed');
    const client = createClient({ baseUrl: 'https://api.test', fetch: async () => Promise.reject(cause) });
    const failure = (await client.commerce.GET('/v1/carts/current').catch((e: unknown) => e)) as SystemError;
    expect(failure).toBeInstanceOf(SystemError);
    expect(failure.message).toBe('System error occurred');
    expect(failure.cause).toBe(cause);
  });

  it('turns a time-out into a SystemError', async () => {
    const fetch = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const onError = vi.fn();
    const client = createClient({ baseUrl: 'https://api.test', fetch: fetch as typeof globalThis.fetch, timeoutMs: 20, onError });
    const failure = await client.commerce.GET('/v1/carts/current').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SystemError);
    expect((failure as SystemError).cause).toMatchObject({ name: 'TimeoutError' });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('passes a call the caller cancelled through as an AbortError, unreported', async () => {
    const fetch = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const onError = vi.fn();
    const client = createClient({ baseUrl: 'https://api.test', fetch: fetch as typeof globalThis.fetch, onError });
    const controller = new AbortController();
    const pending = client.commerce.GET('/v1/carts/current', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('turns an unparsable success body into a SystemError with the request id', async () => {
    const { fetch } = stubbed(
      () => new Response('{not json', { status: 200, headers: { 'content-type': 'application/json', 'x-wix-request-id': 'id-7' } }),
    );
    const client = createClient({ baseUrl: 'https://api.test', fetch });
    const failure = await client.commerce.GET('/v1/carts/current').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SystemError);
    expect((failure as Error).message).toBe('System error occurred, request-id: id-7');
  });

  it('maps a validation answer to ValidationError', async () => {
    const { fetch } = stubbed(() =>
      json(400, {
        message: 'x',
        details: {
          validationError: {
            fieldViolations: [
              { field: 'b', description: 'bad' },
              { field: 'a', description: 'worse' },
            ],
          },
        },
      }),
    );
    const client = createClient({ baseUrl: 'https://api.test', fetch });
    await expect(client.commerce.POST('/v1/carts/current/add-to-cart', { body: { lineItems: [] } })).rejects.toThrow(
      new ValidationError(
        [
          { field: 'a', description: 'worse' },
          { field: 'b', description: 'bad' },
        ],
        { status: 400 },
      ).message,
    );
  });

  it('serializes dates, non-finite numbers and field masks in bodies', async () => {
    const { fetch, requests } = stubbed(() => json(200, {}));
    const client = createClient({ baseUrl: 'https://api.test', fetch });
    const body = {
      order: { purchasedDate: new Date(Date.UTC(2026, 4, 5)) as unknown as string },
      fieldMask: ['purchasedDate'] as unknown as string,
      weight: Number.NaN,
    };
    await client.commerce.PATCH('/v1/orders/{id}', { params: { path: { id: 'o1' } }, body: body as never });
    expect(await requests[0]?.json()).toEqual({
      order: { purchasedDate: '2026-05-05T00:00:00.000Z' },
      fieldMask: 'purchasedDate',
      weight: 'NaN',
    });
  });

  it('rejects bad options naming the field', () => {
    expect(() => createClient({ baseUrl: 'not a url' })).toThrow(/baseUrl must be an http\(s\) URL/);
    expect(() => createClient({ baseUrl: { commerce: 'https://a.test', platform: '' } })).toThrow(/baseUrl\.platform/);
    expect(() => createClient({ baseUrl: 'https://a.test', timeoutMs: -1 })).toThrow(/timeoutMs/);
  });

  it('uses one base URL per family when given', async () => {
    const { fetch, requests } = stubbed(() => json(200, {}));
    const client = createClient({ baseUrl: { commerce: 'https://ecom.test/', platform: 'https://platform.test' }, fetch });
    await client.commerce.GET('/v1/carts/current');
    await client.platform.GET('/v1/recommendations/algorithms');
    expect(requests.map((r) => new URL(r.url).host)).toEqual(['ecom.test', 'platform.test']);
  });
});

describe('long-GET fallback', () => {
  const queryOf = (length: number) => {
    // `query.filter=` is 13 characters once encoded; pad the filter to reach an exact query-string length.
    const filter = 'x'.repeat(length - 'query.filter='.length);
    return { 'query.filter': filter };
  };

  it('keeps a GET whose query string is exactly 4000 characters', async () => {
    const { fetch, requests } = stubbed(() => json(200, { requests: [] }));
    const client = createClient({ baseUrl: 'https://api.test', fetch });
    await client.commerce.GET('/v1/back-in-stock-notification-requests', { params: { query: queryOf(4000) as never } });
    expect(requests[0]?.method).toBe('GET');
    expect(new URL(requests[0]?.url ?? '').search.length - 1).toBe(4000);
  });

  it('switches a 4001-character GET to its POST twin with the same payload as JSON', async () => {
    const { fetch, requests } = stubbed(() => json(200, { requests: [] }));
    const client = createClient({ baseUrl: 'https://api.test', fetch, auth: staticToken('t') });
    const query = { ...queryOf(4001 - '&query.cursorPaging.limit=5'.length), 'query.cursorPaging.limit': 5 };
    await client.commerce.GET('/v1/back-in-stock-notification-requests', { params: { query: query as never } });
    const sent = requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('https://api.test/v1/back-in-stock-notification-requests/query');
    expect(sent?.headers.get('authorization')).toBe('t');
    const body = (await sent?.json()) as { query: { filter: string; cursorPaging: { limit: number } } };
    expect(body.query.cursorPaging.limit).toBe(5);
    expect(body.query.filter).toHaveLength(4001 - '&query.cursorPaging.limit=5'.length - 'query.filter='.length);
  });

  it('fails clearly when a too-long GET has no twin, without sending it', async () => {
    const { fetch, requests } = stubbed(() => json(200, {}));
    const onError = vi.fn();
    const client = createClient({ baseUrl: 'https://api.test', fetch, onError });
    const failure = await client.platform
      .GET('/v1/files', { params: { query: { parentFolderId: 'y'.repeat(4100) } as never } })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(QueryTooLongError);
    expect((failure as Error).message).toMatch(/listFiles.*over the limit of 4000/);
    expect(requests).toHaveLength(0);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
