// PKCE (RFC 7636) with the Web Crypto API, which browsers and Node 20 both have.

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

export const base64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** base64url(SHA-256(verifier)): the S256 challenge. */
export const codeChallenge = async (verifier: string): Promise<string> =>
  base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));

/** An unguessable `state` value for one authorization round trip. */
export const randomState = (): string => base64Url(crypto.getRandomValues(new Uint8Array(32)));
