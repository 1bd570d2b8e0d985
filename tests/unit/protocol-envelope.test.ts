import { describe, expect, it } from 'vitest';
import { decodeContent } from '../../mock/validation/encoded-parameter';
import { encodeEnvelope as clientEnvelope } from '../../src/client/serialize';
import { decodeEnvelope, ENVELOPE_PARAMETER, encodeEnvelope, envelopeText } from '../../src/protocol';

// Messages whose JSON is 0, 1 and 2 bytes over a multiple of 3: unpadded, and two kinds of padding dropped.
const MESSAGES: readonly unknown[] = [
  {},
  { query: {} },
  { a: 1 },
  { ab: 1 },
  { abc: 1 },
  { query: { filter: { name: { $eq: 'Café Größe' } }, paging: { limit: 5, offset: 0 } } },
  { query: { filter: { title: '価格 🛒' } }, fieldsets: ['FULL'] },
  { list: [1, 'two', null, true, { nested: [] }] },
];

const mock = { encoding: 'base64url' as const, schema: {} };

describe('the .r envelope', () => {
  it('is the parameter .r', () => {
    expect(ENVELOPE_PARAMETER).toBe('.r');
  });

  it('covers every padding case in the examples below', () => {
    const remainders = new Set(MESSAGES.map((message) => Buffer.byteLength(JSON.stringify(message)) % 3));
    expect([...remainders].sort()).toEqual([0, 1, 2]);
  });

  it.each(MESSAGES.map((message) => [JSON.stringify(message), message] as const))('round-trips %s', (_, message) => {
    const encoded = encodeEnvelope(message);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(encoded).toBe(Buffer.from(JSON.stringify(message), 'utf8').toString('base64url'));
    expect(decodeEnvelope(encoded)).toEqual(message);
    expect(decodeContent(encoded, mock)).toEqual({ ok: true, value: message });
  });

  it('what the client sends, the mock and the explorer read back, wire rules applied', () => {
    const message = {
      query: { filter: { createdDate: { $gt: new Date('2026-01-02T03:04:05.000Z') } }, title: 'Zoë' },
      fieldMask: ['a', 'b'],
    };
    const wire = { query: { filter: { createdDate: { $gt: '2026-01-02T03:04:05.000Z' } }, title: 'Zoë' }, fieldMask: 'a,b' };
    const encoded = clientEnvelope(message);
    expect(decodeEnvelope(encoded)).toEqual(wire);
    expect(decodeContent(encoded, mock)).toEqual({ ok: true, value: wire });
  });

  it('decodes a padded envelope too', () => {
    const padded = Buffer.from('{"a":1}').toString('base64');
    expect(padded.endsWith('=')).toBe(true);
    expect(decodeEnvelope(padded)).toEqual({ a: 1 });
  });

  it('refuses what is not base64url JSON', () => {
    expect(envelopeText('not base64!')).toBeUndefined();
    expect(() => decodeEnvelope('not base64!')).toThrow(SyntaxError);
    expect(() => decodeEnvelope(Buffer.from('{nope').toString('base64url'))).toThrow(SyntaxError);
    expect(decodeContent('***', mock)).toEqual({ ok: false, description: 'must be base64url-encoded JSON' });
  });
});
