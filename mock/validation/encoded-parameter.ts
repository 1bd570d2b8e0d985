// A query parameter that carries a whole JSON message, declared as a string with `contentEncoding`
// (base64url or base64), `contentMediaType: application/json` and `contentSchema` (the platform's `.r`).
import type { JsonObject } from '../../spec-model/json';
import { envelopeText, isJsonMediaType } from '../../src/protocol';
import { parseJsonText } from '../pipeline/parse-json';

export interface EncodedContent {
  readonly encoding: 'base64url' | 'base64';
  readonly schema: JsonObject;
}

/** How a parameter's value is encoded, when its schema declares an encoded JSON message. */
export const encodedContentOf = (schema: JsonObject): EncodedContent | undefined => {
  const encoding = schema.contentEncoding;
  const media = schema.contentMediaType;
  if ((encoding !== 'base64url' && encoding !== 'base64') || typeof media !== 'string' || !isJsonMediaType(media)) {
    return undefined;
  }
  const contentSchema = schema.contentSchema;
  return { encoding, schema: typeof contentSchema === 'object' && contentSchema !== null ? (contentSchema as JsonObject) : {} };
};

export type DecodedContent = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly description: string };

/** The JSON message a parameter value carries; the alphabet is checked first, so no bad character is skipped. */
export const decodeContent = (value: string, content: EncodedContent): DecodedContent => {
  const text = envelopeText(value, content.encoding);
  if (text === undefined) return { ok: false, description: `must be ${content.encoding}-encoded JSON` };
  const parsed = parseJsonText(text);
  return parsed.ok ? parsed : { ok: false, description: `must be ${content.encoding}-encoded JSON: it ${parsed.reason}` };
};
