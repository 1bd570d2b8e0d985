// The mock's memory under a busy load of cart writes: 16 sessions each write their current cart 1,050 times
// (addToCurrentCart and updateCurrentCart in turns, one after the other per session, the sessions side by
// side), and what that grows: Redis's `used_memory` (INFO memory) behind one replica, and the RSS of the
// in-memory mock's process tree. Each server is started here and stopped with everything it started.
// Runs alone too: `npx tsx scripts/bench/memory.ts`.
import { execFileSync } from 'node:child_process';
import { clusterToolsMissing, startRedis, startReplica } from '../harness/cluster';
import { startMockProcess } from '../harness/mock-process';
import { treeRssMb } from '../harness/process-tree';

export const MEMORY_SESSIONS = 16;
export const MEMORY_WRITES = 1050;

// Three catalog items in turns: the cart holds three lines, as a shopper's does.
const ITEMS = [
  { catalogItemId: 'c8539b66-7a44-fe18-affc-afec4be8562a', options: { variantId: '00000000-0000-0020-0005-ad9cdc8a2b0f' } },
  { catalogItemId: '5f0c8a1e-2b3d-4c5e-8f9a-0b1c2d3e4f5a' },
  { catalogItemId: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d' },
];
const add = (index: number) =>
  JSON.stringify({
    lineItems: [{ quantity: 1, catalogReference: { appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e', ...ITEMS[index % ITEMS.length] } }],
  });

const headers = (session: string) => ({ authorization: 'mock-api-key', 'x-mock-session': session, 'content-type': 'application/json' });

/** The writes of one session, one after the other; answers how many were not answered 200. */
const writeCart = async (url: string, session: string, writes: number): Promise<number> => {
  let failed = 0;
  for (let index = 0; index < writes; index += 1) {
    const update = index % 2 === 1;
    const response = await fetch(`${url}/v1/carts/current${update ? '' : '/add-to-cart'}`, {
      method: update ? 'PATCH' : 'POST',
      headers: headers(session),
      body: update ? JSON.stringify({ cartInfo: { buyerNote: `note ${index}` } }) : add(index / 2),
    });
    await response.arrayBuffer();
    if (response.status !== 200) failed += 1;
  }
  return failed;
};

/** Every session's writes side by side; answers the writes not answered 200. */
const load = async (url: string, prefix: string): Promise<number> => {
  const sessions = Array.from({ length: MEMORY_SESSIONS }, (_, index) => `${prefix}-${index}`);
  const failed = await Promise.all(sessions.map((session) => writeCart(url, session, MEMORY_WRITES)));
  return failed.reduce((sum, count) => sum + count, 0);
};

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Redis's used_memory, read with redis-cli (the bench leaves the Redis client to the mock's Redis state). */
const usedMemory = (port: number): number => {
  const info = execFileSync('redis-cli', ['-p', String(port), 'INFO', 'memory'], { encoding: 'utf8' });
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? Number.NaN);
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

export const benchMemory = async (): Promise<void> => {
  console.log(`\nmemory: ${MEMORY_SESSIONS} sessions × ${MEMORY_WRITES} cart writes (addToCurrentCart / updateCurrentCart in turns)`);
  const memory = await startMockProcess({ env: { MOCK_STORE: 'memory' } });
  try {
    // One session warmed first, so the growth is the sessions' state, not the first request's compiled code.
    await writeCart(memory.url, 'warm', 4);
    await settle();
    const before = treeRssMb(memory.child.pid ?? 0);
    const failed = await load(memory.url, 'memory');
    await settle();
    const after = treeRssMb(memory.child.pid ?? 0);
    console.log(
      `  in-memory mock, RSS of its process tree: ${before.toFixed(1)} MB -> ${after.toFixed(1)} MB, growth ${(after - before).toFixed(1)} MB${failed ? ` (${failed} writes not answered 200)` : ''}`,
    );
  } finally {
    await memory.stop();
  }

  const missing = clusterToolsMissing();
  if (missing) {
    console.log(`  Redis: skipped, ${missing}`);
    return;
  }
  const redisServer = await startRedis();
  try {
    const replica = await startReplica(redisServer.url, '');
    try {
      await writeCart(replica.process.url, 'warm', 4);
      const before = usedMemory(redisServer.port);
      const failed = await load(replica.process.url, 'redis');
      await settle();
      const after = usedMemory(redisServer.port);
      console.log(
        `  Redis behind one replica, used_memory: ${mb(before)} MB -> ${mb(after)} MB, growth ${mb(after - before)} MB${failed ? ` (${failed} writes not answered 200)` : ''}`,
      );
    } finally {
      await replica.process.stop();
    }
  } finally {
    await redisServer.dispose();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await benchMemory();
