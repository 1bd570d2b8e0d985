// PKCE (RFC 7636) with the Web Crypto API, which browsers and Node 20 both have.
import { encodeBase64Url } from '../protocol';

const VERIFIER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
export const MIN_VERIFIER_LENGTH = 43;
export const MAX_VERIFIER_LENGTH = 128;

/** Random characters of the verifier alphabet; rejection sampling keeps every character equally likely. */
const randomFromAlphabet = (length: number): string => {
  const limit = 256 - (256 % VERIFIER_ALPHABET.length);
  let out = '';
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && out.length < length) out += VERIFIER_ALPHABET[byte % VERIFIER_ALPHABET.length];
    }
  }
  return out;
};

export const generateCodeVerifier = (length = MIN_VERIFIER_LENGTH): string => {
  if (!Number.isInteger(length) || length < MIN_VERIFIER_LENGTH || length > MAX_VERIFIER_LENGTH) {
    throw new RangeError(`code verifier length must be an integer from 43 to 128, got ${length}`);
  }
  return randomFromAlphabet(length);
};

/** base64url(SHA-256(verifier)): the S256 challenge. */
export const codeChallenge = async (verifier: string): Promise<string> =>
  encodeBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));

/** An unguessable `state` value for one authorization round trip. */
export const randomState = (): string => encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
