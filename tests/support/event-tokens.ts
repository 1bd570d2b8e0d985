// Deliveries built straight with jose for the receiver's tests, independent of the mock's signer.
import { type CryptoKey, exportSPKI, generateKeyPair, SignJWT } from 'jose';

export interface TestKeys {
  readonly publicKey: CryptoKey;
  readonly privateKey: CryptoKey;
  readonly publicKeyPem: string;
}

export const testKeys = async (): Promise<TestKeys> => {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { publicKey, privateKey, publicKeyPem: await exportSPKI(publicKey) };
};

export const ORDER = { id: '8f3c2b1a-4d5e-4f6a-9b7c-0d1e2f3a4b5c', number: '10021', status: 'APPROVED', paymentStatus: 'PAID' };

export const orderCreated = (overrides: Record<string, unknown> = {}) => ({
  id: '5e3a1c9b-2d4f-4a6e-8b0c-7d9e1f2a3b4c',
  entityFqdn: 'wix.ecom.v1.order',
  slug: 'created',
  entityId: ORDER.id,
  eventTime: '2026-03-01T12:00:00.000Z',
  createdEvent: { entity: ORDER },
  ...overrides,
});

export const message = (eventType: string, domainEvent: unknown, extra: Record<string, unknown> = {}) => ({
  eventType,
  instanceId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  identity: JSON.stringify({ identityType: 'MEMBER', memberId: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9' }),
  data: JSON.stringify(domainEvent),
  ...extra,
});

/** A delivery whose `data` claim is `claimData` as given (a string is used as it is, anything else as JSON). */
export const sign = (privateKey: CryptoKey, claimData: unknown, setup: (jwt: SignJWT) => SignJWT = (jwt) => jwt.setExpirationTime('1h')) =>
  setup(
    new SignJWT({ data: typeof claimData === 'string' ? claimData : JSON.stringify(claimData) })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuedAt()
      .setIssuer('wix.com'),
  ).sign(privateKey);

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A token with any header and signature part, for the forged cases. */
export const forge = (header: unknown, claims: unknown, signature = '') => `${base64url(header)}.${base64url(claims)}.${signature}`;
