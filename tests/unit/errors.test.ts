import { describe, expect, it } from 'vitest';
import { ApplicationError, SystemError, ValidationError } from '../../src/errors/api-error';
import { toApiError } from '../../src/errors/to-api-error';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}, statusText = '') =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('error model', () => {
  it('maps a validation body to ValidationError, violations sorted by field, exact message', async () => {
    const error = await toApiError(
      answer(
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
      answer(428, {
        message: 'Checkout already completed',
        details: { applicationError: { code: 'CHECKOUT_ALREADY_COMPLETED', description: 'The checkout is done', data: { orderId: 'o1' } } },
      }),
      undefined,
    );
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error).toMatchObject({ message: 'Checkout already completed', code: 'CHECKOUT_ALREADY_COMPLETED', description: 'The checkout is done', data: { orderId: 'o1' }, status: 428 });
  });

  it('maps any other 4xx to an ApplicationError named after the status text', async () => {
    const notFound = await toApiError(answer(404, 'nope'), undefined);
    expect(notFound).toBeInstanceOf(ApplicationError);
    expect(notFound).toMatchObject({ code: 'NOT_FOUND', description: 'Not Found' });
    const teapot = await toApiError(answer(418, {}, {}, "I'm a teapot"), undefined);
    expect(teapot).toMatchObject({ code: 'IM_A_TEAPOT', description: "I'm a teapot" });
  });

  it('maps 5xx to SystemError with or without the request id', async () => {
    const withId = await toApiError(answer(503, {}, { 'x-wix-request-id': 'abc.1' }), undefined);
    expect(withId).toBeInstanceOf(SystemError);
    expect(withId.message).toBe('System error occurred, request-id: abc.1');
    const withoutId = await toApiError(answer(500, 'oops'), undefined);
    expect(withoutId.message).toBe('System error occurred');
    expect(withoutId.cause).toBe('oops');
  });

  it('maps a 401 in the platform body to an ApplicationError UNAUTHENTICATED, not a ValidationError', async () => {
    const error = await toApiError(
      answer(
        401,
        { message: 'UNAUTHENTICATED', details: { applicationError: { code: 'UNAUTHENTICATED', description: 'Missing access token' } } },
        { 'x-wix-request-id': 'req-401' },
      ),
      undefined,
    );
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', requestId: 'req-401' });
  });

  it("ignores any mock tool's own formats: a problem body or a violations header is just another 4xx", async () => {
    const error = await toApiError(
      answer(
        422,
        { type: 'https://example.test/problem', title: 'Invalid request', status: 422, validation: [{ location: ['body'], code: 'required', message: 'x' }] },
        { 'sl-violations': JSON.stringify([{ location: ['query'], code: 'required', message: 'y' }]) },
      ),
      undefined,
    );
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error).toMatchObject({ status: 422, code: 'UNPROCESSABLE_ENTITY' });
  });
});
