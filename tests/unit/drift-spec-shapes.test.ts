import { describe, expect, it } from 'vitest';
import { createSpecShapes } from '../../scripts/drift/spec-schema';
import { asBundledDocument } from '../../spec-model/document';

// The drift report's reading of the spec: a property met in the body and again in an either-or branch keeps the
// bounds of both (the branch narrows, it does not replace), so a bound the spec states is never reported missing.
describe('drift: the spec side of a comparison', () => {
  it('keeps the bounds of a property met in the body and in an anyOf branch', () => {
    const { shape } = createSpecShapes(
      asBundledDocument({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: {} }),
    );
    const request = shape({
      type: 'object',
      allOf: [{ anyOf: [{ required: ['lineItems'], properties: { lineItems: { minItems: 1 } } }, { required: ['other'] }] }],
      properties: { lineItems: { type: 'array', maxItems: 100, items: { type: 'string' } } },
    });
    const lineItems = shape(request.props.get('lineItems') as never);
    expect(lineItems.bounds).toEqual({ minItems: 1, maxItems: 100 });
    expect(lineItems.kind).toBe('array');
    // A variant's `required` holds only for that variant.
    expect([...request.required]).toEqual([]);
  });
});
