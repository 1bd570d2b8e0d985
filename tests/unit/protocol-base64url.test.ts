import { describe, expect, it } from 'vitest';
import { decodeBase64Url, decodeBase64UrlText, encodeBase64Url, encodeBase64UrlText } from '../../src/protocol';

// Node's Buffer is the independent oracle: base64url with no padding.
const oracle = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

describe('base64url', () => {
  it('encodes bytes as Buffer does, with no padding, for every remainder of the length by 3', () => {
    for (let length = 0; length <= 12; length += 1) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + 251) % 256);
      expect(encodeBase64Url(bytes), `length ${length}`).toBe(oracle(bytes));
      expect(encodeBase64Url(bytes)).not.toMatch(/[=+/]/);
      expect(decodeBase64Url(encodeBase64Url(bytes))).toEqual(bytes);
    }
  });

  it('uses - and _ where base64 has + and /', () => {
    expect(encodeBase64Url(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe('-_-_');
    expect(decodeBase64Url('-_-_')).toEqual(Uint8Array.of(0xfb, 0xff, 0xbf));
  });

  it('encodes a message larger than one chunk of String.fromCharCode', () => {
    const bytes = Uint8Array.from({ length: 20_003 }, (_, i) => i % 256);
    expect(encodeBase64Url(bytes)).toBe(oracle(bytes));
    expect(decodeBase64Url(encodeBase64Url(bytes))).toEqual(bytes);
  });

  it('round-trips UTF-8 text, non-ASCII and astral characters included', () => {
    for (const text of ['', 'a', 'ab', 'abc', 'Grüße, Zoë', '価格 ≥ 100 €', '🛒🧾', '"quoted" \\ back']) {
      expect(encodeBase64UrlText(text)).toBe(Buffer.from(text, 'utf8').toString('base64url'));
      expect(decodeBase64UrlText(encodeBase64UrlText(text))).toBe(text);
    }
  });

  it('decodes padded and unpadded text alike', () => {
    expect(decodeBase64UrlText('YQ')).toBe('a');
    expect(decodeBase64UrlText('YQ==')).toBe('a');
    expect(decodeBase64UrlText('YWI=')).toBe('ab');
  });

  it('refuses characters outside the alphabet and lengths no base64 has', () => {
    expect(decodeBase64Url('a+b/')).toBeUndefined();
    expect(decodeBase64Url('ab cd')).toBeUndefined();
    expect(decodeBase64Url('***')).toBeUndefined();
    expect(decodeBase64Url('abcde')).toBeUndefined();
    expect(decodeBase64Url('YQ===')).toBeUndefined();
  });

  it('reads standard base64 when asked to, and only then', () => {
    expect(decodeBase64Url('+/+/', 'base64')).toEqual(Uint8Array.of(0xfb, 0xff, 0xbf));
    expect(decodeBase64Url('-_-_', 'base64')).toBeUndefined();
  });
});
