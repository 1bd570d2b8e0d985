// The key pair and app instance every replica signs webhook deliveries with: the first replica's, kept in Redis,
// so a receiver verifies with whichever replica's public key.
import { type CryptoKey, exportPKCS8, exportSPKI, generateKeyPair, importPKCS8 } from 'jose';
import { EVENT_ALGORITHM } from '../../src/events';
import type { RedisLink } from './redis-link';

export interface SharedKeys {
  readonly privateKey: CryptoKey;
  readonly publicKeyPem: string;
  readonly instanceId: string;
}

export const sharedKeys = async (link: RedisLink): Promise<SharedKeys> => {
  const { publicKey, privateKey } = await generateKeyPair(EVENT_ALGORITHM, { extractable: true, modulusLength: 2048 });
  const mine = JSON.stringify({ pkcs8: await exportPKCS8(privateKey), spki: await exportSPKI(publicKey) });
  const [pair, instanceId] = await link.run(async (redis) => {
    await redis.set(link.key('wh', 'keypair'), mine, 'NX');
    await redis.set(link.key('wh', 'instance'), globalThis.crypto.randomUUID(), 'NX');
    return Promise.all([redis.get(link.key('wh', 'keypair')), redis.get(link.key('wh', 'instance'))]);
  });
  const { pkcs8, spki } = JSON.parse(pair ?? mine) as { pkcs8: string; spki: string };
  return { privateKey: await importPKCS8(pkcs8, EVENT_ALGORITHM), publicKeyPem: spki, instanceId: instanceId ?? 'unknown' };
};
