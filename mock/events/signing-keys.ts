// The key pair the mock signs event deliveries with: made at start, never stored; its public half is served as PEM.
import { type CryptoKey, exportSPKI, generateKeyPair } from 'jose';
import { EVENT_ALGORITHM } from '../../src/events';

export interface SigningKeyPair {
  readonly publicKey: CryptoKey;
  readonly privateKey: CryptoKey;
  /** SPKI PEM (`-----BEGIN PUBLIC KEY-----`), what receivers verify with. */
  readonly publicKeyPem: string;
}

export const generateSigningKeyPair = async (): Promise<SigningKeyPair> => {
  const { publicKey, privateKey } = await generateKeyPair(EVENT_ALGORITHM, { extractable: true, modulusLength: 2048 });
  return { publicKey, privateKey, publicKeyPem: await exportSPKI(publicKey) };
};
