// Decodes the `.r` query parameter (base64url of the request message's JSON) of a GET that declares it, so the
// mock can validate the message like any other input. Framework-free: no Node or HTTP types, runs in MSW too.

/** A query parameter of an operation as the bundled spec declares it (only what decoding needs). */
export interface EnvelopeParameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly schema?: {
    readonly contentEncoding?: string;
    readonly contentMediaType?: string;
    readonly contentSchema?: unknown;
  };
}

/** A field violation in the platform's error language (`details.validationError.fieldViolations[]`). */
export interface EnvelopeViolation {
  readonly field: string;
  readonly description: string;
  readonly violatedRule: 'FORMAT' | 'REQUIRED_FIELD' | 'VALIDATION';
}

export type EnvelopeResult =
  /** The operation declares no `.r`, or the request did not send the optional one: read the flat parameters. */
  | { readonly kind: 'absent' }
  /** The decoded request message and the schema it must match (the parameter's `contentSchema`). */
  | { readonly kind: 'decoded'; readonly message: Record<string, unknown>; readonly schema: unknown }
  | { readonly kind: 'invalid'; readonly violations: readonly EnvelopeViolation[] };

export const ENVELOPE_NAME = '.r';

// base64url (RFC 4648 section 5) without padding, as the platform's SDK writes it; padding is tolerated.
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

const invalid = (violatedRule: EnvelopeViolation['violatedRule'], description: string): EnvelopeResult => ({
  kind: 'invalid',
  violations: [{ field: ENVELOPE_NAME, description, violatedRule }],
});

const isEnvelope = (parameter: EnvelopeParameter): boolean =>
  parameter.in === 'query' &&
  parameter.name === ENVELOPE_NAME &&
  parameter.schema?.contentEncoding === 'base64url' &&
  parameter.schema.contentMediaType === 'application/json';

/** The bytes a base64url text stands for, or undefined when it is not base64url. */
const base64urlBytes = (text: string): Uint8Array | undefined => {
  if (!BASE64URL.test(text)) return undefined;
  const unpadded = text.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return undefined;
  const base64 = unpadded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

/**
 * Reads `.r` from a request's query when the operation declares it. An undecodable `.r` (not base64url, not
 * UTF-8, not JSON, not a JSON object), a repeated one, or a missing required one gives violations naming `.r`;
 * fields inside a decoded message are left to schema validation against `schema`.
 */
export const decodeQueryEnvelope = (parameters: readonly EnvelopeParameter[], query: URLSearchParams): EnvelopeResult => {
  const declared = parameters.find(isEnvelope);
  if (!declared) return { kind: 'absent' };
  const sent = query.getAll(ENVELOPE_NAME);
  if (sent.length === 0) {
    return declared.required ? invalid('REQUIRED_FIELD', 'is required: the request message as base64url of its JSON') : { kind: 'absent' };
  }
  if (sent.length > 1) return invalid('VALIDATION', `must be sent once, was sent ${sent.length} times`);
  const bytes = base64urlBytes(sent[0] ?? '');
  if (!bytes) return invalid('FORMAT', 'must be base64url (A-Z, a-z, 0-9, "-", "_") of the request message\'s JSON');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return invalid('FORMAT', 'must decode to UTF-8 text');
  }
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch (error) {
    return invalid('FORMAT', `must decode to JSON: ${(error as Error).message}`);
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return invalid('FORMAT', `must decode to a JSON object (the request message), not ${Array.isArray(message) ? 'an array' : String(message === null ? 'null' : typeof message)}`);
  }
  return { kind: 'decoded', message: message as Record<string, unknown>, schema: declared.schema?.contentSchema };
};
