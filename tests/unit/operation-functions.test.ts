import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { operation } from '../../src/client/operation-function';
import { addToCurrentCart, getCheckout, getCurrentCart } from '../../src/commerce';
import { createClient, QueryTooLongError, staticToken, ValidationError } from '../../src/index';
import type { OperationMeta } from '../../src/operations/operation-meta';

const recorder = (status = 200, body: unknown = { cart: { id: 'c1' } }) => {
  const requests: { url: string; method: string; headers: Record<string, string>; body?: string }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: init?.body as string | undefined,
    });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
};

describe('operation functions', () => {
  it('resolve with the 2xx body and send what client.<family>.<METHOD> sends', async () => {
    const { fetch, requests } = recorder();
    const client = createClient({ baseUrl: 'https://api.test', fetch, auth: staticToken('tok') });
    expect((await getCurrentCart(client)).cart?.id).toBe('c1');
    await client.commerce.GET('/v1/carts/current');
    expect(requests[0]).toEqual(requests[1]);
    expect(requests[0]).toMatchObject({ url: 'https://api.test/v1/carts/current', method: 'GET', headers: { Authorization: 'tok' } });
  });

  it('carry their own metadata', () => {
    expect(addToCurrentCart.meta).toEqual({
      family: 'commerce',
      operationId: 'addToCurrentCart',
      method: 'POST',
      path: '/v1/carts/current/add-to-cart',
    });
  });

  it('percent-encode path parameters so an id stays one segment', async () => {
    const { fetch, requests } = recorder(200, { checkout: {} });
    const client = createClient({ baseUrl: 'https://api.test', fetch });
    await getCheckout(client, { params: { path: { id: 'a/b?c#d' } } });
    expect(requests[0]?.url).toBe('https://api.test/v1/checkouts/a%2Fb%3Fc%23d');
  });

  it('refuse a missing path parameter by name, without sending', async () => {
    const { fetch, requests } = recorder();
    const client = createClient({ baseUrl: 'https://api.test', fetch });
    const failure = await getCheckout(client, { params: { path: { id: '' } } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).message).toBe('INVALID_ARGUMENT: "id" is required in the path');
    expect(requests).toHaveLength(0);
  });

  it('refuse something that is not a client, naming the operation', async () => {
    await expect(getCurrentCart({} as never)).rejects.toThrow(/getCurrentCart\(client, init\): client must be what createClient returns/);
  });
});

describe('query encodings', () => {
  const envelopeMeta: OperationMeta = {
    family: 'platform',
    operationId: 'queryThings',
    method: 'GET',
    path: '/v1/things/query',
    envelope: true,
    fallback: { operationId: 'queryThingsPost', method: 'POST', path: '/v1/things/query' },
  };
  const queryThings = operation<{ params?: { query?: object } }, unknown>(envelopeMeta);

  it('sends a nested request message as one .r parameter: base64url of its JSON', async () => {
    const { fetch, requests } = recorder(200, {});
    const client = createClient({ baseUrl: 'https://api.test', fetch });
    const message = { query: { filter: { name: 'é/?' }, paging: { limit: 5 } } };
    await queryThings(client, { params: { query: message } });
    const url = new URL(requests[0]?.url ?? '');
    expect([...url.searchParams.keys()]).toEqual(['.r']);
    const decoded = Buffer.from(url.searchParams.get('.r') ?? '', 'base64url').toString('utf8');
    expect(JSON.parse(decoded)).toEqual(message);
    expect(url.searchParams.get('.r')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('sends a shallow message as flat names', async () => {
    const { fetch, requests } = recorder(200, {});
    const client = createClient({ baseUrl: 'https://api.test', fetch });
    await queryThings(client, { params: { query: { fieldsets: ['FULL'], limit: 5 } } });
    expect(new URL(requests[0]?.url ?? '').search).toBe('?fieldsets=FULL&limit=5');
  });

  it('moves a message over 4000 characters to the POST twin, and refuses it where there is none', async () => {
    const { fetch, requests } = recorder(200, {});
    const client = createClient({ baseUrl: 'https://api.test', fetch });
    const message = { query: { filter: { name: 'x'.repeat(4000) } } };
    await queryThings(client, { params: { query: message } });
    expect(requests[0]).toMatchObject({ url: 'https://api.test/v1/things/query', method: 'POST' });
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual(message);
    const noTwin = operation<{ params?: { query?: object } }, unknown>({ ...envelopeMeta, fallback: undefined });
    await expect(noTwin(client, { params: { query: message } })).rejects.toBeInstanceOf(QueryTooLongError);
    expect(requests).toHaveLength(1);
  });
});

describe('error classes in a minified build', () => {
  it('keep their names', async () => {
    const result = await build({
      stdin: { contents: "export * from './src/errors/api-error';", resolveDir: process.cwd(), loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
    });
    const code = result.outputFiles[0]?.text ?? '';
    const errors = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<
      string,
      new (
        ...args: never[]
      ) => Error
    >;
    const names = Object.entries(errors)
      .filter(([, value]) => typeof value === 'function')
      .map(([exported, Class]) => [
        exported,
        new (Class as unknown as new (...args: unknown[]) => Error)('m', { status: 0 }, { status: 0 }).name,
      ]);
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const [, name] of names)
      expect(['ApiError', 'ValidationError', 'ApplicationError', 'SystemError', 'QueryTooLongError']).toContain(name);
    expect(new Set(names.map(([, name]) => name)).size).toBe(names.length);
  });
});
