// Stateful mode as the Node server starts it: the services, the fixtures read from disk (the built-in ones and
// MOCK_FIXTURES_DIR's), and the state in memory or, loaded only then, in Redis shared by replicas.
import { nodeMode } from '../node/node-mode';
import { readFixtures } from '../node/read-fixtures';
import { SERVICES } from '../services/index';
import { STATEFUL } from './stateful';

export const STATEFUL_NODE = nodeMode(STATEFUL, async ({ options, log }) => {
  // Loaded only for Redis: the default path and the MSW adapter never load the Redis client.
  const shared =
    options.store?.kind === 'redis'
      ? await (await import('../redis/redis-state')).openRedisState(options.store.url, { prefix: options.store.prefix, log })
      : undefined;
  return {
    parts: {
      services: SERVICES,
      fixtures: readFixtures(options.fixturesDir),
      apiKey: options.apiKey,
      state: shared?.state,
      webhooks: shared ? { ...options.webhooks, createDispatcher: shared.createDispatcher } : options.webhooks,
    },
    async started(mock) {
      if (!shared) return;
      // A shared queue is worked by every replica, from the start: deliveries a stopped replica left are retried.
      // A replica started while Redis was away joins the work once it is back.
      const joinDeliveries = () =>
        mock.webhooks.dispatcher().catch((error: Error) => log(`webhook delivery waits for Redis: ${error.message}`));
      shared.onReady(() => void joinDeliveries());
      await joinDeliveries();
    },
    close: async () => shared?.close(),
  };
});
