// The `.r` envelope: a GET whose request message is nested sends it whole as one query parameter, the base64url
// (no padding) of its UTF-8 JSON, as the platform's SDK does. The client encodes with this; the mock and the
// explorer decode with it.
import { type Base64Alphabet, decodeBase64UrlText, encodeBase64UrlText } from './base64url';

/** The query parameter that carries a whole request message. */
export const ENVELOPE_PARAMETER = '.r';

/** The envelope of a message; `stringify` lets the client apply its wire rules (dates, field masks) first. */
export const encodeEnvelope = (message: unknown, stringify: (value: unknown) => string = JSON.stringify): string =>
  encodeBase64UrlText(stringify(message));

/** The JSON text an envelope carries, before parsing; undefined when the value is not base64url (or base64). */
export const envelopeText = (value: string, alphabet: Base64Alphabet = 'base64url'): string | undefined =>
  decodeBase64UrlText(value, alphabet);

/** The message an envelope carries; throws a SyntaxError when it is not base64url-encoded JSON. */
export const decodeEnvelope = (value: string): unknown => {
  const text = envelopeText(value);
  if (text === undefined) throw new SyntaxError(`${ENVELOPE_PARAMETER} is not base64url: ${value.slice(0, 40)}`);
  return JSON.parse(text) as unknown;
};
