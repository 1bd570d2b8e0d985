import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applicationFailure, validationFailure } from '../../mock/errors/platform-error';
import { loadDocument } from '../../spec-model/load';
import { createFieldValidator } from '../../spec-model/validators';
import { ValidationError } from '../../src/errors/api-error';
import { toApiError } from '../../src/errors/to-api-error';
import {
  constantCase,
  DEFAULT_PAGE_SIZE,
  FAMILIES,
  type FieldViolation,
  isJsonMediaType,
  MAX_PAGE_SIZE,
  REQUEST_ID_HEADER,
  statusText,
  violationMessage,
} from '../../src/protocol';
import { compareFields } from '../../src/protocol/error-body';

const violations: FieldViolation[] = [
  {
    field: 'lineItems[0].quantity',
    description: 'must be at most 100000',
    violatedRule: 'MAX',
    ruleName: 'MAX',
    data: { threshold: 100000 },
  },
  { field: 'couponCode', description: 'must be at most 50 characters', violatedRule: 'MAX_LENGTH', data: { threshold: 50 } },
];

describe('the error body', () => {
  it('has one violation message, sorted by field, on both sides of the wire', async () => {
    const message = 'INVALID_ARGUMENT: "couponCode" must be at most 50 characters, "lineItems[0].quantity" must be at most 100000';
    expect(violationMessage(violations)).toBe(message);
    const answer = validationFailure(violations, 'req-1');
    expect(JSON.parse(answer.body as string).message).toBe(message);
    expect(new ValidationError(violations, { status: 400 }).message).toBe(message);
    const error = toApiError(answer.status, '', new Headers(answer.headers), answer.body as string, undefined);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(message);
    expect(error.requestId).toBe('req-1');
    expect((error as ValidationError).fieldViolations.map((v) => v.field)).toEqual(['couponCode', 'lineItems[0].quantity']);
  });

  it('orders fields segment by segment, indexes by number, a parent before its fields', () => {
    const fields = ['lineItems[10].quantity', 'body', 'lineItems[2].quantity', 'lineItems', 'lineItems[2].catalogReference', 'channelType'];
    expect([...fields].sort(compareFields)).toEqual([
      'body',
      'channelType',
      'lineItems',
      'lineItems[2].catalogReference',
      'lineItems[2].quantity',
      'lineItems[10].quantity',
    ]);
  });

  it('is what the contract declares as ErrorResponse, in both families', () => {
    const failures = [
      validationFailure(violations, 'r'),
      applicationFailure({ status: 409, description: 'already paid', data: { orderId: 'o1' } }, 'r'),
      applicationFailure({ status: 413, description: 'too big' }, 'r'),
    ];
    for (const family of FAMILIES) {
      const check = createFieldValidator(loadDocument(family), 'response');
      for (const failure of failures) {
        expect(failure.headers[REQUEST_ID_HEADER]).toBe('r');
        expect(
          check({ $ref: '#/components/schemas/ErrorResponse' }, JSON.parse(failure.body as string)),
          `${family} ${failure.status}`,
        ).toEqual([]);
      }
    }
  });

  it('names an application error after its status text', () => {
    expect(JSON.parse(applicationFailure({ status: 413, description: 'x' }, 'r').body as string).details.applicationError.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect(constantCase(statusText(418))).toBe('IM_A_TEAPOT');
    expect(statusText(503)).toBe('Service Unavailable');
    expect(statusText(404, ' Gone Away ')).toBe('Gone Away');
    expect(statusText(599)).toBe('HTTP 599');
  });
});

describe('the rest of the wire', () => {
  it('the request id travels in x-wix-request-id', () => {
    expect(REQUEST_ID_HEADER).toBe('x-wix-request-id');
  });

  it('JSON media types: application/json and +json types, with parameters, any case', () => {
    for (const type of [
      'application/json',
      'Application/JSON',
      ' application/json; charset=utf-8 ',
      'application/problem+json',
      'application/vnd.api+json;v=1',
    ]) {
      expect(isJsonMediaType(type), type).toBe(true);
    }
    for (const type of ['text/json', 'application/jsonl', 'application/json-patch', 'application/x-www-form-urlencoded', 'json', '']) {
      expect(isJsonMediaType(type), type).toBe(false);
    }
  });

  it('paging defaults and bounds are the shared schemas of the contract', () => {
    for (const family of FAMILIES) {
      const schemas = loadDocument(family).components.schemas;
      expect(schemas?.Paging, family).toMatchObject({ properties: { limit: { default: DEFAULT_PAGE_SIZE, maximum: MAX_PAGE_SIZE } } });
      expect(schemas?.CursorPaging, family).toMatchObject({ properties: { limit: { maximum: MAX_PAGE_SIZE } } });
    }
  });

  it('the families are the generated ones', () => {
    const generated = readdirSync(new URL('../../generated/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...FAMILIES].sort()).toEqual(generated.sort());
  });
});

describe('the protocol module', () => {
  it('stands on the ground floor: it imports its own files and, as types only, the generated schemas', () => {
    const dir = new URL('../../src/protocol/', import.meta.url);
    let seen = 0;
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.ts'))) {
      const text = readFileSync(new URL(name, dir), 'utf8');
      for (const [statement, specifier] of text.matchAll(/^(?:import|export)\b[^;]*?from\s+'([^']+)'/gm)) {
        const own = /^\.\/[\w-]+$/.test(specifier ?? '');
        const schemaTypes = /^\.\.\/\.\.\/generated\/[a-z]+\/schema$/.test(specifier ?? '') && /^import type\b/.test(statement);
        expect(own || schemaTypes, `${name}: ${statement}`).toBe(true);
        seen += 1;
      }
    }
    expect(seen).toBeGreaterThan(8);
  });
});
