import { describe, expect, it } from 'vitest';
import { RequestValidator } from '../../mock/validation/request-validator';
import { ResponseValidator } from '../../mock/validation/response-validator';
import { SchemaCompilers } from '../../mock/validation/schema-compilers';
import { FAMILIES, jsonContent, listOperations } from '../../spec-model/document';
import { exampleRequest } from '../../spec-model/examples';
import type { JsonObject } from '../../spec-model/json';
import { loadDocument } from '../../spec-model/load';
import { schemaReference } from '../../spec-model/pointer';
import { createFieldValidator } from '../../spec-model/validators';

// The explorer (spec-model's field validator) and the mock (its request and answer checks) compile through the
// one schema compiler: a body is judged the same on both, each side of the wire with its own required fields.
const document: JsonObject = {
  openapi: '3.1.0',
  paths: {
    '/v1/things': {
      post: {
        operationId: 'createThing',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        responses: {
          '200': { description: 'the thing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        },
      },
    },
    '/v1/secrets': {
      post: {
        operationId: 'createSecret',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Secret' } } } },
        responses: {
          '200': { description: 'the secret', content: { 'application/json': { schema: { $ref: '#/components/schemas/Secret' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', maxLength: 5 } },
      },
      Secret: {
        type: 'object',
        required: ['id', 'password'],
        properties: { id: { type: 'string', readOnly: true }, password: { type: 'string', writeOnly: true } },
      },
    },
  },
};
const empty: JsonObject = { openapi: '3.1.0', paths: {}, components: {} };

const schemaOf = schemaReference;
const mockRequest = new RequestValidator(new SchemaCompilers(), 'commerce', document);
const mockAnswer = new ResponseValidator(new SchemaCompilers(), { commerce: document, platform: empty });
const explorerRequest = createFieldValidator(document, 'request');
const explorerAnswer = createFieldValidator(document, 'response');
const sent = (operationId: string, body: unknown) => {
  const verdict = mockRequest.validate(operationId, { pathParams: {}, search: new URLSearchParams(), headers: {}, body });
  return verdict.ok ? [] : verdict.violations;
};

describe('the two sides of the wire, judged alike by the mock and the explorer', () => {
  it('a request body missing a readOnly required field passes both request checks', () => {
    expect(sent('createThing', { name: 'lamp' })).toEqual([]);
    expect(explorerRequest(schemaOf('Thing'), { name: 'lamp' })).toEqual([]);
  });

  it('both request checks still require the other fields, with the same violations', () => {
    const mock = sent('createThing', { name: 'chandelier' });
    expect(mock).toEqual([expect.objectContaining({ field: 'name', violatedRule: 'MAX_LENGTH' })]);
    expect(explorerRequest(schemaOf('Thing'), { name: 'chandelier' })).toEqual(mock);
    expect(sent('createSecret', {})).toEqual(explorerRequest(schemaOf('Secret'), {}));
    expect(sent('createSecret', {})).toEqual([expect.objectContaining({ field: 'password', violatedRule: 'REQUIRED_FIELD' })]);
  });

  it('an answer missing a writeOnly required field passes both answer checks; a readOnly one is still required', () => {
    expect(mockAnswer.check('createSecret', 200, { id: 's-1' })).toBeUndefined();
    expect(explorerAnswer(schemaOf('Secret'), { id: 's-1' })).toEqual([]);
    expect(mockAnswer.check('createThing', 200, { name: 'lamp' })?.violation).toEqual(
      expect.objectContaining({ field: 'id', violatedRule: 'REQUIRED_FIELD' }),
    );
    expect(explorerAnswer(schemaOf('Thing'), { name: 'lamp' })).toEqual([
      expect.objectContaining({ field: 'id', violatedRule: 'REQUIRED_FIELD' }),
    ]);
  });

  it('gives the same violations as the mock on every operation of the spec, for its example body and for an empty one', () => {
    let compared = 0;
    for (const family of FAMILIES) {
      const doc = loadDocument(family);
      const mock = new RequestValidator(new SchemaCompilers(), family, doc);
      const explorer = createFieldValidator(doc, 'request');
      for (const operation of listOperations(family, doc)) {
        const schema = jsonContent(operation.requestBody)?.schema;
        if (!schema) continue;
        const example = exampleRequest(operation);
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(example.query))
          search.set(name, typeof value === 'string' ? value : JSON.stringify(value));
        for (const body of [example.body, {}]) {
          const verdict = mock.validate(operation.operationId, { pathParams: example.path, search, headers: {}, body });
          expect(verdict.ok ? [] : verdict.violations, operation.operationId).toEqual(explorer(schema, body ?? {}));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
