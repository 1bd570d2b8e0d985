// A query parameter that carries a whole JSON message, declared as a string with `contentEncoding`
// (base64url or base64), `contentMediaType: application/json` and `contentSchema` (the platform's `.r`).
import type { JsonObject } from '../../spec-model/json';
import { parseJsonText } from '../pipeline/parse-json';

export interface EncodedContent {
  readonly encoding: 'base64url' | 'base64';
  readonly schema: JsonObject;
}

/** How a parameter's value is encoded, when its schema declares an encoded JSON message. */
export const encodedContentOf = (schema: JsonObject): EncodedContent | undefined => {
  const encoding = schema.contentEncoding;
  const media = schema.contentMediaType;
  if ((encoding !== 'base64url' && encoding !== 'base64') || typeof media !== 'string' || !/^application\/(.+\+)?json/.test(media)) {
    return undefined;
  }
  const contentSchema = schema.contentSchema;
  return { encoding, schema: typeof contentSchema === 'object' && contentSchema !== null ? (contentSchema as JsonObject) : {} };
};

const ALPHABET: Readonly<Record<EncodedContent['encoding'], RegExp>> = {
  base64url: /^[A-Za-z0-9_-]*={0,2}$/,
  base64: /^[A-Za-z0-9+/]*={0,2}$/,
};

export type DecodedContent = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly description: string };

const utf8 = new TextDecoder('utf-8');

/** Base64 or base64url text (alphabet already checked) as UTF-8 text; undefined when its length cannot be base64. */
const decodeBase64 = (value: string): string | undefined => {
  const standard = value.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (standard.length % 4 === 1) return undefined;
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return utf8.decode(bytes);
};

/** The JSON message a parameter value carries; the alphabet is checked first, so no bad character is skipped. */
export const decodeContent = (value: string, content: EncodedContent): DecodedContent => {
  const text = ALPHABET[content.encoding].test(value) ? decodeBase64(value) : undefined;
  if (text === undefined) return { ok: false, description: `must be ${content.encoding}-encoded JSON` };
  const parsed = parseJsonText(text);
  return parsed.ok ? parsed : { ok: false, description: `must be ${content.encoding}-encoded JSON: it ${parsed.reason}` };
};
