import { describe, expect, inject, it, vi } from 'vitest';
import { type ApiError, ApplicationError, apiKey, createClient, type OperationInfo, ValidationError } from '../../src/index';
import { queryProductsViaGet } from '../../src/platform';
import { API_KEY } from '../support/mock-credentials';

// The runtime against the live (stateful) mock as the merchant: typed calls of both families, forced errors,
// contract violations.
const baseUrl = inject('mockUrl');
const SESSION = { 'x-mock-session': 'runtime-mock' };
const client = (onError?: (error: ApiError, operation: OperationInfo) => void) =>
  createClient({ baseUrl, auth: apiKey(API_KEY), headers: SESSION, ...(onError && { onError }) });

describe('runtime against the mock', () => {
  it('returns typed data from both families on one port', async () => {
    const { commerce, platform } = client();
    const cart = await commerce.GET('/v1/carts/current');
    expect(cart.data?.cart?.lineItems?.length).toBeGreaterThanOrEqual(2);
    const member = await platform.GET('/v1/members/{id}', { params: { path: { id: '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182' }, query: {} } });
    expect(member.data?.member?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports a forced 404 to onError once and throws it to the caller', async () => {
    const onError = vi.fn();
    const failure = await client(onError)
      .commerce.GET('/v1/checkouts/{id}', {
        params: { path: { id: '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b' } },
        headers: { Prefer: 'code=404' },
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationError);
    expect((failure as ApplicationError).status).toBe(404);
    expect((failure as ApplicationError).requestId).toBeTruthy();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBe(failure);
    expect(onError.mock.calls[0]?.[1]).toMatchObject({ family: 'commerce', operationId: 'getCheckout', method: 'GET' });
  });

  it('turns a request the contract rejects into a ValidationError naming the field', async () => {
    const failure = await client()
      .commerce.POST('/v1/back-in-stock-notification-requests', { body: { itemDetails: { name: 'Mug' } } as never })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).fieldViolations.map((v) => v.field)).toContain('request');
    expect((failure as ValidationError).message).toMatch(/^INVALID_ARGUMENT: .*"request"/);
  });

  it('names a missing required query parameter as the spec spells it', async () => {
    const failure = await client()
      .platform.GET('/v1/files/get-file-by-id', { params: { query: {} as never } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    // The mock names query parameters as the spec spells them (Prism alone lower-cased them).
    expect((failure as ValidationError).fieldViolations.map((v) => v.field)).toContain('fileId');
  });

  it('names the real violation with its index and rule, not a canned example', async () => {
    const failure = await client()
      .commerce.POST('/v1/carts/current/add-to-cart', { body: { lineItems: [{ quantity: 1 }, { quantity: 100001 }] } as never })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    const violations = (failure as ValidationError).fieldViolations;
    expect(violations.some((v) => v.field.startsWith('lineItems[1].') && v.ruleName === 'MAX')).toBe(true);
    expect((failure as ValidationError).message).not.toContain('"id" must not be empty');
  });

  it('turns a mock 401 into an ApplicationError UNAUTHENTICATED', async () => {
    const failure = await createClient({ baseUrl })
      .commerce.GET('/v1/carts/current')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationError);
    expect(failure).not.toBeInstanceOf(ValidationError);
    expect(failure).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect((failure as ApplicationError).requestId).toBeTruthy();
  });

  it('answers a long back-in-stock query through its POST twin', async () => {
    // The query's filter is an object (it travels inside the message, never as a JSON string).
    const filter = { 'catalogReference.catalogItemId': { $in: Array.from({ length: 120 }, (_, i) => `item-${i}-${'x'.repeat(30)}`) } };
    const { data, response } = await client().commerce.GET('/v1/back-in-stock-notification-requests', {
      params: { query: { 'query.filter': filter } as never },
    });
    expect(new URL(response.url).pathname).toBe('/v1/back-in-stock-notification-requests/query');
    expect(Array.isArray(data?.requests)).toBe(true);
  });
});

describe('request encodings against the mock', () => {
  /** A client that records `METHOD url` of every request it sends. */
  const recordingClient = () => {
    const requests: string[] = [];
    const recording = createClient({
      baseUrl,
      auth: apiKey(API_KEY),
      headers: SESSION,
      fetch: (input, init) => (requests.push(`${init?.method ?? 'GET'} ${String(input)}`), fetch(input, init)),
    });
    return { recording, requests };
  };

  it('sends a nested GET message as .r, which the mock decodes and validates', async () => {
    const { recording, requests } = recordingClient();
    const page = await queryProductsViaGet(recording, { params: { query: { query: { paging: { limit: 5, offset: 0 } } } } });
    expect(Array.isArray(page.products)).toBe(true);
    expect(new URL(requests[0]?.split(' ')[1] ?? '').searchParams.has('.r')).toBe(true);

    const failure = await queryProductsViaGet(recording, { params: { query: { query: { paging: { limit: 5000, offset: 0 } } } } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).fieldViolations[0]?.field).toBe('query.paging.limit');
  });

  it('moves a GET over 4000 characters to its POST twin, which the mock answers', async () => {
    const { recording, requests } = recordingClient();
    const filter = { name: { $startsWith: 'x'.repeat(3500) } };
    const page = await queryProductsViaGet(recording, { params: { query: { query: { filter, paging: { limit: 5, offset: 0 } } } } });
    expect(Array.isArray(page.products)).toBe(true);
    expect(requests).toEqual([`POST ${baseUrl}/v1/products/query-platformized`]);
  });
});
