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

  it("turns Prism's problem body into one violation per field", async () => {
    const error = await toApiError(
      answer(422, {
        type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
        title: 'Invalid request',
        status: 422,
        validation: [
          { location: ['body'], severity: 'Error', code: 'required', message: "must have required property 'request'" },
          { location: ['request', 'body', 'itemDetails', 'name'], severity: 'Error', code: 'maxLength', message: 'must NOT have more than 200 characters' },
        ],
      }),
      undefined,
    );
    expect(error).toBeInstanceOf(ValidationError);
    const violations = (error as ValidationError).fieldViolations;
    expect(violations.map((v) => [v.field, v.violatedRule])).toEqual([
      ['itemDetails.name', 'MAX_LENGTH'],
      ['request', 'REQUIRED_FIELD'],
    ]);
  });

  it('reads the sl-violations header before a mocked error body', async () => {
    const header = JSON.stringify([{ location: ['query'], severity: 'Error', code: 'required', message: "must have required property 'fileId'" }]);
    const error = await toApiError(
      answer(400, { message: 'mocked', details: { applicationError: { code: 'X', description: 'mocked' } } }, { 'sl-violations': header }),
      undefined,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(`INVALID_ARGUMENT: "fileId" must have required property 'fileId'`);
  });
});
