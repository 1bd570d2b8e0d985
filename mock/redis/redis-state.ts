// The engine's whole state in Redis (MOCK_STORE=redis://host:port/db): session records, tokens, scenarios, the
// request log, events, and the webhook subscriptions, log and queue. What start-mock.ts loads, on demand.
import type { EngineState } from '../engine/engine-state';
import type { WebhookDispatcher, WebhookDispatcherOptions } from '../events/webhook-dispatcher';
import { connectRedis } from './redis-link';
import { RedisEventLog, RedisRequestLog } from './redis-logs';
import { RedisScenarios } from './redis-scenarios';
import { RedisStoreProvider } from './redis-session-store';
import { RedisTokenStore } from './redis-tokens';
import { createRedisWebhookDispatcher } from './redis-webhooks';
import { SessionRounds } from './session-rounds';

export interface RedisStateOptions {
  /** Every key starts with this. */
  readonly prefix: string;
  readonly log: (line: string) => void;
  readonly maxSessions?: number;
}

export interface RedisState {
  readonly state: EngineState;
  /** The shared webhook dispatcher (its key pair is the same for every replica). */
  createDispatcher(options: Omit<WebhookDispatcherOptions, 'keyPair'>): Promise<WebhookDispatcher>;
  /** Calls `then` each time the connection to Redis is ready (again). */
  onReady(then: () => void): void;
  close(): Promise<void>;
}

export const openRedisState = async (url: string, options: RedisStateOptions): Promise<RedisState> => {
  const link = await connectRedis(url, options.prefix, options.log);
  const rounds = new SessionRounds(link);
  return {
    state: {
      store: new RedisStoreProvider(link, rounds, options.maxSessions),
      tokens: new RedisTokenStore(link),
      scenarios: new RedisScenarios(link, rounds),
      requestLog: new RedisRequestLog(link, rounds),
      events: new RedisEventLog(link, rounds),
    },
    createDispatcher: (dispatcherOptions) => createRedisWebhookDispatcher(link, rounds, { ...dispatcherOptions, log: options.log }),
    onReady: (then) => link.onReady(then),
    close: () => link.close(),
  };
};
