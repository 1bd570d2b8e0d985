import { describe, expect, it } from 'vitest';
import { RequestValidator } from '../../mock/validation/request-validator';
import { SchemaCompilers } from '../../mock/validation/schema-compilers';
import { fieldPath } from '../../spec-model/field-violations';
import type { JsonObject } from '../../spec-model/json';

// The mock's request validation on a small document: platform field paths, rule names, query names as spelled,
// `anyOf [X, null]` reported inside X, and a `.r` parameter decoded and validated against its contentSchema.
const document: JsonObject = {
  openapi: '3.1.0',
  paths: {
    '/v1/things': {
      get: {
        operationId: 'queryThings',
        parameters: [
          { name: 'fileId', in: 'query', required: true, schema: { type: 'string', minLength: 1 } },
          { name: 'paging.limit', in: 'query', schema: { type: 'integer', maximum: 100 } },
          {
            name: '.r',
            in: 'query',
            schema: {
              type: 'string',
              contentEncoding: 'base64url',
              contentMediaType: 'application/json',
              contentSchema: { $ref: '#/components/schemas/Query' },
            },
          },
        ],
      },
      post: {
        operationId: 'createThing',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
      },
    },
  },
  components: {
    schemas: {
      Query: {
        type: 'object',
        properties: {
          query: { type: 'object', properties: { paging: { type: 'object', properties: { limit: { type: 'integer', maximum: 100 } } } } },
        },
      },
      Address: { type: 'object', properties: { city: { type: 'string', maxLength: 5 } } },
      Thing: {
        type: 'object',
        required: ['lineItems', 'id'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', readOnly: true },
          kind: { type: 'string', enum: ['A', 'B'] },
          address: { anyOf: [{ $ref: '#/components/schemas/Address' }, { type: 'null' }] },
          lineItems: { type: 'array', items: { type: 'object', properties: { quantity: { type: 'integer', minimum: 1 } } } },
        },
      },
    },
  },
};

const validator = new RequestValidator(new SchemaCompilers(), 'commerce', document);
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const check = (operationId: string, query: string, body?: unknown) =>
  validator.validate(operationId, { pathParams: {}, search: new URLSearchParams(query), headers: {}, body });
const violations = (verdict: ReturnType<typeof check>) => (verdict.ok ? [] : verdict.violations.map((v) => [v.field, v.ruleName]));

describe('mock request validation', () => {
  it('writes paths as the platform does', () => {
    expect(fieldPath('/lineItems/0/quantity')).toBe('lineItems[0].quantity');
    expect(fieldPath('/a~1b/2')).toBe('a/b[2]');
  });

  it('names query parameters as the spec spells them and coerces their text', () => {
    expect(violations(check('queryThings', 'paging.limit=500'))).toEqual([
      ['fileId', 'REQUIRED_FIELD'],
      ['paging.limit', 'MAX'],
    ]);
    const ok = check('queryThings', 'fileId=f1&paging.limit=5');
    expect(ok.ok && ok.query).toEqual({ fileId: 'f1', 'paging.limit': 5 });
  });

  it('decodes a .r parameter and names the violations by the fields inside it', () => {
    expect(violations(check('queryThings', `fileId=f&.r=${encode({ query: { paging: { limit: 500 } } })}`))).toEqual([
      ['query.paging.limit', 'MAX'],
    ]);
    expect(violations(check('queryThings', 'fileId=f&.r=***'))).toEqual([['.r', 'FORMAT']]);
    expect(violations(check('queryThings', `fileId=f&.r=${Buffer.from('{nope').toString('base64url')}`))).toEqual([['.r', 'FORMAT']]);
    const ok = check('queryThings', `fileId=f&.r=${encode({ query: { paging: { limit: 5 } } })}`);
    expect(ok.ok && ok.query['.r']).toEqual({ query: { paging: { limit: 5 } } });
  });

  it('reports body violations with indexes and rule names; readOnly fields are not required', () => {
    const verdict = check('createThing', '', {
      lineItems: [{ quantity: 1 }, { quantity: 0 }],
      kind: 'C',
      extra: 1,
      address: { city: 'Amsterdam' },
    });
    expect(violations(verdict)).toEqual(
      expect.arrayContaining([
        ['lineItems[1].quantity', 'MIN'],
        ['kind', 'INVALID_ENUM_VALUE'],
        ['extra', 'FIELD_NOT_ALLOWED'],
        ['address.city', 'MAX_LENGTH'],
      ]),
    );
    expect(violations(verdict).map(([field]) => field)).not.toContain('id');
  });

  it('treats an empty body as the empty message and reports its required fields', () => {
    expect(violations(check('createThing', '', undefined))).toEqual([['lineItems', 'REQUIRED_FIELD']]);
  });
});
