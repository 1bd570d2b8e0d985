// base64url (RFC 4648, section 5) with no padding, over bytes and over UTF-8 text. btoa and atob exist in
// browsers and in Node 20 alike, so this runs in the client, the mock and the explorer.

export type Base64Alphabet = 'base64url' | 'base64';

const ALPHABET: Readonly<Record<Base64Alphabet, RegExp>> = {
  base64url: /^[A-Za-z0-9_-]*={0,2}$/,
  base64: /^[A-Za-z0-9+/]*={0,2}$/,
};

// String.fromCharCode takes its bytes as arguments: chunks keep a large message under the argument limit.
const CHUNK = 0x2000;

export const encodeBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/**
 * The bytes of base64url text, padded or not (or of standard base64 with `alphabet: 'base64'`); undefined when
 * a character is outside the alphabet or the length cannot be base64. The alphabet is checked first, so no bad
 * character is silently skipped.
 */
export const decodeBase64Url = (text: string, alphabet: Base64Alphabet = 'base64url'): Uint8Array | undefined => {
  if (!ALPHABET[alphabet].test(text)) return undefined;
  const standard = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (standard.length % 4 === 1) return undefined;
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8');

/** base64url of the UTF-8 bytes of `text`. */
export const encodeBase64UrlText = (text: string): string => encodeBase64Url(utf8Encoder.encode(text));

/** The UTF-8 text base64url (or base64) carries; undefined when it is not base64. Bad UTF-8 becomes U+FFFD. */
export const decodeBase64UrlText = (text: string, alphabet: Base64Alphabet = 'base64url'): string | undefined => {
  const bytes = decodeBase64Url(text, alphabet);
  return bytes && utf8Decoder.decode(bytes);
};
