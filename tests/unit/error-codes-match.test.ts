import { describe, expect, expectTypeOf, it } from 'vitest';
import { clientErrorCodes, declaredCodesByStatus } from '../../spec-model/declared-codes';
import { jsonContent, type Operation } from '../../spec-model/document';
import { responseExampleNames } from '../../spec-model/examples';
import { loadOperations } from '../../spec-model/load';
import * as commerce from '../../src/commerce';
import { toApiError } from '../../src/errors/to-api-error';
import { ApplicationError, type CodesOf, isApiError, type OperationFunction, ValidationError } from '../../src/index';
import * as platform from '../../src/platform';
import { FAMILIES, type Family } from '../../src/protocol';

// Every code an operation's error type offers is one an answer of that operation can raise, and `isApiError`
// matches the raised error by it: built from the platform's error body for each declared status and code, and
// from every 4xx example the contract declares.
type AnyOperation = OperationFunction<never, unknown, string>;

const functionsOf: Record<Family, Record<string, unknown>> = { commerce, platform };

const functionOf = (family: Family, operation: Operation): AnyOperation => {
  const fn = functionsOf[family][operation.operationId] as AnyOperation | undefined;
  if (!fn?.meta) throw new Error(`${family}: no operation function ${operation.operationId}`);
  return fn;
};

const raise = (fn: AnyOperation, status: number, body: unknown) =>
  toApiError(status, '', new Headers({ 'content-type': 'application/json' }), JSON.stringify(body), fn.meta);

const applicationBody = (code: string) => ({
  message: `${code}: refused`,
  details: { applicationError: { code, description: 'refused', data: {} } },
});

const validationBody = {
  message: 'INVALID_ARGUMENT: "id" must not be empty',
  details: { validationError: { fieldViolations: [{ field: 'id', description: 'must not be empty', violatedRule: 'REQUIRED_FIELD' }] } },
};

/** The codes `error` matches among `codes`, by `isApiError`. */
const matched = (error: unknown, fn: AnyOperation, codes: readonly string[]) => codes.filter((code) => isApiError(error, fn, code));

describe.each(FAMILIES)('%s: typed codes match raised errors', (family) => {
  const operations = loadOperations(family);

  it('every code of every operation: the error raised for its answer matches that code and no other', () => {
    let checked = 0;
    for (const operation of operations) {
      const fn = functionOf(family, operation);
      const codes = clientErrorCodes(operation);
      for (const [status, declared] of declaredCodesByStatus(operation)) {
        if (status >= 500) continue;
        for (const code of declared) {
          const error = raise(fn, status, applicationBody(code));
          expect(matched(error, fn, codes), `${operation.operationId} ${status} ${code}`).toEqual([code]);
          checked++;
        }
        if (declared.includes('INVALID_ARGUMENT')) {
          const error = raise(fn, status, validationBody);
          expect(error).toBeInstanceOf(ValidationError);
          expect(matched(error, fn, codes), `${operation.operationId} ${status} field violations`).toEqual(['INVALID_ARGUMENT']);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(operations.length * 4);
  });

  it("every 4xx example the contract declares raises an error matching one of the operation's codes", () => {
    let checked = 0;
    for (const operation of operations) {
      const fn = functionOf(family, operation);
      const codes = clientErrorCodes(operation);
      for (const status of Object.keys(operation.responses).map(Number)) {
        if (!(status >= 400 && status < 500)) continue;
        const media = jsonContent(operation.responses[String(status)]);
        for (const name of responseExampleNames(operation, status)) {
          const body = name === 'example' && media?.example !== undefined ? media.example : media?.examples?.[name]?.value;
          const error = raise(fn, status, body);
          expect(matched(error, fn, codes), `${operation.operationId} ${status} example ${name}`).toHaveLength(1);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(operations.length);
  });
});

describe('the validation code', () => {
  it('is what a field-violation 400 carries, so the declared INVALID_ARGUMENT matches it', () => {
    const error = raise(commerce.addToCurrentCart as AnyOperation, 400, validationBody);
    expect(isApiError(error, commerce.addToCurrentCart, 'INVALID_ARGUMENT')).toBe(true);
    expect(isApiError(error, commerce.addToCurrentCart, 'PERMISSION_DENIED')).toBe(false);
    expect(isApiError(error, commerce.getCurrentCart, 'INVALID_ARGUMENT')).toBe(false);
  });

  it('narrows to either error kind for INVALID_ARGUMENT, to an application error for any other code', () => {
    expectTypeOf<CodesOf<typeof commerce.addToCurrentCart>>().toEqualTypeOf<
      'INVALID_ARGUMENT' | 'PERMISSION_DENIED' | 'UNAUTHENTICATED' | 'UNSUPPORTED_MEDIA_TYPE' | 'TOO_MANY_REQUESTS'
    >();
    const error: unknown = new ApplicationError('x', { code: 'PERMISSION_DENIED', description: 'x' }, { status: 403 });
    if (isApiError(error, commerce.addToCurrentCart, 'INVALID_ARGUMENT')) {
      expectTypeOf(error).toEqualTypeOf<(ApplicationError | ValidationError) & { readonly code: 'INVALID_ARGUMENT' }>();
    }
    if (isApiError(error, commerce.addToCurrentCart, 'PERMISSION_DENIED')) {
      expectTypeOf(error.description).toBeString();
    }
  });
});
