import { describe, expect, it } from 'vitest';
import { ApplicationError, SystemError, ValidationError } from '../../src/errors/api-error';
import { toApiError } from '../../src/errors/to-api-error';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}, statusText = '') =>
  [
    status,
    statusText,
    new Headers({ 'content-type': 'application/json', ...headers }),
    typeof body === 'string' ? body : JSON.stringify(body),
  ] as const;

describe('error model', () => {
  it('maps a validation body to ValidationError, violations sorted by field, exact message', async () => {
    const error = await toApiError(
      ...answer(
        400,
        {
          message: 'bad',
          details: {
            validationError: {
              fieldViolations: [
                { field: 'lineItems', description: 'must not be empty', violatedRule: 'MIN_SIZE' },
                { field: 'couponCode', description: 'must be at most 50 characters', violatedRule: 'MAX_LENGTH' },
              ],
            },
          },
        },
        { 'x-wix-request-id': 'req-1' },
      ),
      undefined,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('INVALID_ARGUMENT: "couponCode" must be at most 50 characters, "lineItems" must not be empty');
    expect((error as ValidationError).fieldViolations.map((v) => v.field)).toEqual(['couponCode', 'lineItems']);
    expect(error.status).toBe(400);
    expect(error.requestId).toBe('req-1');
  });

  it('keeps message, description, code and data of an application error', async () => {
    const error = await toApiError(
      ...answer(428, {
        message: 'Checkout already completed',
        details: { applicationError: { code: 'CHECKOUT_ALREADY_COMPLETED', description: 'The checkout is done', data: { orderId: 'o1' } } },
      }),
      undefined,
    );
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error).toMatchObject({
      message: 'Checkout already completed',
      code: 'CHECKOUT_ALREADY_COMPLETED',
      description: 'The checkout is done',
      data: { orderId: 'o1' },
      status: 428,
    });
  });

  it('maps any other 4xx to an ApplicationError named after the status text', async () => {
    const notFound = await toApiError(...answer(404, 'nope'), undefined);
    expect(notFound).toBeInstanceOf(ApplicationError);
    expect(notFound).toMatchObject({ code: 'NOT_FOUND', description: 'Not Found' });
    const teapot = await toApiError(...answer(418, {}, {}, "I'm a teapot"), undefined);
    expect(teapot).toMatchObject({ code: 'IM_A_TEAPOT', description: "I'm a teapot" });
  });

  it('maps 5xx to SystemError with or without the request id', async () => {
    const withId = await toApiError(...answer(503, {}, { 'x-wix-request-id': 'abc.1' }), undefined);
    expect(withId).toBeInstanceOf(SystemError);
    expect(withId.message).toBe('System error occurred, request-id: abc.1');
    const withoutId = await toApiError(...answer(500, 'oops'), undefined);
    expect(withoutId.message).toBe('System error occurred');
  });

  it('exposes Retry-After as milliseconds, in seconds or as a date', () => {
    expect(toApiError(...answer(429, {}, { 'retry-after': '3' }), undefined).retryAfterMs).toBe(3000);
    const date = new Date(Date.now() + 60_000).toUTCString();
    const fromDate = toApiError(...answer(503, {}, { 'retry-after': date }), undefined).retryAfterMs ?? 0;
    expect(fromDate).toBeGreaterThan(50_000);
    expect(fromDate).toBeLessThanOrEqual(60_000);
    expect(toApiError(...answer(503, {}), undefined).retryAfterMs).toBeUndefined();
  });

  it('maps a 401 in the platform body to an ApplicationError, not a ValidationError', () => {
    const error = toApiError(
      ...answer(401, { message: 'UNAUTHENTICATED', details: { applicationError: { code: 'UNAUTHENTICATED', description: 'No token' } } }),
      undefined,
    );
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
  });
});
