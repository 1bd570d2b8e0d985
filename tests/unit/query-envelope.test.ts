import { describe, expect, it } from 'vitest';
import { decodeQueryEnvelope, type EnvelopeParameter } from '../../mock/query-envelope';
import { listOperations, loadDocument, type JsonObject } from '../support/documents';
import { createValidator } from '../support/schema-validator';

// `.r` as the platform's SDK writes it: base64url of the UTF-8 JSON, padding removed.
const envelope = (message: unknown): string => Buffer.from(JSON.stringify(message), 'utf8').toString('base64url');
const withR = (...values: string[]): URLSearchParams => new URLSearchParams(values.map((value) => ['.r', value]));

const commerce = loadDocument('commerce');
const parametersOf = (operationId: string): EnvelopeParameter[] => {
  const operation = listOperations('commerce', commerce).find((op) => op.operationId === operationId);
  if (!operation) throw new Error(`no operation ${operationId}`);
  return operation.parameters as unknown as EnvelopeParameter[];
};
const count = parametersOf('countBackInStockNotificationRequestsByCatalogReference');
const query = parametersOf('queryBackInStockNotificationRequests');

const reference = { catalogItemId: 'c8539b66-7a44-fe18-affc-afec4be8562a', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' };

describe('decodeQueryEnvelope', () => {
  it('decodes the message the SDK encodes, lists of objects and non-ASCII text included', () => {
    const message = { catalogReferences: [{ ...reference, options: { note: 'Größe M – blå' } }] };
    const result = decodeQueryEnvelope(count, withR(envelope(message)));
    expect(result).toMatchObject({ kind: 'decoded', message });
  });

  it('accepts the padded form too', () => {
    const message = { query: { paging: { limit: 5 } } };
    const text = Buffer.from(JSON.stringify(message)).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
    expect(text.endsWith('=')).toBe(true);
    expect(decodeQueryEnvelope(query, withR(text))).toMatchObject({ kind: 'decoded', message });
  });

  it('hands back the contentSchema, against which the decoded message validates', () => {
    const result = decodeQueryEnvelope(count, withR(envelope({ catalogReferences: [reference] })));
    if (result.kind !== 'decoded') throw new Error(`expected decoded, got ${result.kind}`);
    const validate = createValidator(commerce);
    expect(validate(result.schema as JsonObject, result.message)).toEqual([]);
    expect(validate(result.schema as JsonObject, { catalogReferences: [] })).not.toEqual([]);
  });

  it.each([
    ['not base64url', '!!not-base64!!'],
    ['standard base64 with "/"', 'eyJhIjoi/w'],
    ['a truncated group', 'eyJhIjoxfQa'],
    ['not UTF-8', Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')],
    ['not JSON', Buffer.from('{"query": ').toString('base64url')],
    ['a JSON array', envelope([reference])],
    ['JSON null', envelope(null)],
    ['a JSON number', envelope(42)],
  ])('rejects %s with a FORMAT violation naming .r', (_name, value) => {
    const result = decodeQueryEnvelope(count, withR(value));
    expect(result.kind).toBe('invalid');
    if (result.kind !== 'invalid') return;
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]).toMatchObject({ field: '.r', violatedRule: 'FORMAT' });
    expect(result.violations[0]?.description.length).toBeGreaterThan(10);
  });

  it('rejects a repeated .r', () => {
    const result = decodeQueryEnvelope(query, withR(envelope({ query: {} }), envelope({ query: {} })));
    expect(result).toMatchObject({ kind: 'invalid', violations: [{ field: '.r', violatedRule: 'VALIDATION' }] });
  });

  it('rejects a missing required .r and lets an optional one be absent', () => {
    expect(decodeQueryEnvelope(count, new URLSearchParams())).toMatchObject({
      kind: 'invalid',
      violations: [{ field: '.r', violatedRule: 'REQUIRED_FIELD' }],
    });
    expect(decodeQueryEnvelope(query, new URLSearchParams())).toEqual({ kind: 'absent' });
  });

  it('ignores .r on an operation that does not declare it', () => {
    const getById = parametersOf('getBackInStockNotificationRequest');
    expect(decodeQueryEnvelope(getById, withR('!!'))).toEqual({ kind: 'absent' });
  });

  it('finds .r on every operation that declares it in either family', () => {
    const declaring = (['commerce', 'platform'] as const).flatMap((family) =>
      listOperations(family).filter((op) => op.parameters.some((p) => p.name === '.r')).map((op) => op.operationId),
    );
    expect(declaring.sort()).toEqual(
      [
        'countBackInStockNotificationRequestsByCatalogReference',
        'listMembers',
        'queryBackInStockNotificationRequests',
        'queryCollectionsViaGet',
        'queryProductsViaGet',
      ].sort(),
    );
  });
});
