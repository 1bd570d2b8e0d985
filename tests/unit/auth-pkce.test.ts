import { describe, expect, it } from 'vitest';
import { codeChallenge, generateCodeVerifier } from '../../src/auth/pkce';

describe('PKCE', () => {
  it('makes a 43-character verifier by default from the allowed alphabet', () => {
    const verifier = generateCodeVerifier();
    expect(verifier).toHaveLength(43);
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]+$/);
  });
  it('accepts 43 and 128 and refuses 42 and 129', () => {
    expect(generateCodeVerifier(43)).toHaveLength(43);
    expect(generateCodeVerifier(128)).toHaveLength(128);
    expect(() => generateCodeVerifier(42)).toThrow(/from 43 to 128, got 42/);
    expect(() => generateCodeVerifier(129)).toThrow(/from 43 to 128, got 129/);
  });
  it('draws verifiers at random', () => {
    const verifiers = new Set(Array.from({ length: 50 }, () => generateCodeVerifier()));
    expect(verifiers.size).toBe(50);
    const characters = new Set([...Array.from({ length: 200 }, () => generateCodeVerifier(128)).join('')]);
    expect(characters.size).toBe(66);
  });
  it('computes the S256 challenge of the RFC 7636 example', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});
