// Starts the mock in this process on 127.0.0.1: both families' documents read once, the mode composed by the
// composition root (compose-mock.ts), behind the Node HTTP adapter.

import { composeMock, type ModeParts } from './compose-mock';
import type { ProxySettings, StoreSetting } from './config';
import type { StatefulEngine } from './engine/engine';
import type { MockWebhooks, MockWebhooksOptions } from './events/mock-webhooks';
import type { CorsPolicy } from './http/cors';
import { listen } from './http/node-adapter';
import type { TransportLimits } from './limits';
import type { MockMode } from './modes';
import { forwardUpstream } from './node/forward-upstream';
import { readDocuments } from './node/read-documents';
import { readFixtures } from './node/read-fixtures';
import { createFixtureRecorder } from './node/record-fixture';
import { createPrismModeHandler } from './prism/prism-mode';
import type { ViolationLedger } from './proxy/violation-ledger';
import { SERVICES } from './services/index';

/** The built-in site settings a recording is replayed with. */
const defaultSettings = () => {
  const fallback = readFixtures().default;
  if (!fallback) throw new Error('the built-in default fixture is missing');
  return fallback.settings;
};

export { MOCK_MODES, type MockMode } from './modes';

export interface MockOptions {
  /** Port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
  /** `stateful` (the default: the engine), `static` (the spec's examples) or `dynamic` (bodies generated from the schemas). */
  readonly mode?: MockMode;
  readonly limits?: Partial<TransportLimits>;
  /** Default: localhost origins only. */
  readonly cors?: CorsPolicy;
  /** The URL clients reach the mock at, for links it hands out; default `http://127.0.0.1:<port>`. */
  readonly publicUrl?: string;
  /** The merchant's API key in stateful mode (default `mock-api-key`). */
  readonly apiKey?: string;
  /** A folder of extra fixtures (`<name>.json`) for stateful mode. */
  readonly fixturesDir?: string;
  /** Where failures inside the mock are reported; default stderr. */
  readonly log?: (line: string) => void;
  /** Webhook delivery in stateful mode: retries, back-off, timeout, the fetch deliveries go through. */
  readonly webhooks?: Omit<MockWebhooksOptions, 'documents' | 'log'>;
  /** Refuse the fields a request's contract does not declare (FIELD_NOT_ALLOWED); default false. */
  readonly strict?: boolean;
  /** Proxy mode: the upstream, its deadline and where to record. */
  readonly proxy?: ProxySettings;
  /** Where stateful mode keeps its state: `memory` (the default) or a Redis URL shared by replicas. */
  readonly store?: StoreSetting;
}

export interface RunningMock {
  readonly url: string;
  readonly mode: MockMode;
  /** The stateful engine (stateful mode only): events, sessions and controls for in-process callers. */
  readonly engine: StatefulEngine | undefined;
  /** Webhook delivery of the engine's events (stateful mode only). */
  readonly webhooks: MockWebhooks | undefined;
  /** The upstream's violations (proxy mode only). */
  readonly violations: ViolationLedger | undefined;
  /** The recording's file (proxy mode with `recordDir` only). */
  readonly recordFile: string | undefined;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

export const startMock = async (options: MockOptions): Promise<RunningMock> => {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const mode = options.mode ?? 'stateful';
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  const documents = readDocuments();
  let recordFile: string | undefined;
  // Loaded only for Redis: the default path and the MSW adapter never load the Redis client.
  const shared =
    mode === 'stateful' && options.store?.kind === 'redis'
      ? await (await import('./redis/redis-state')).openRedisState(options.store.url, { prefix: options.store.prefix, log })
      : undefined;
  // What each mode needs from the Node side, by name.
  const nodeParts: { readonly [M in MockMode]: () => ModeParts[M] } = {
    stateful: () => ({
      mode: 'stateful',
      services: SERVICES,
      fixtures: readFixtures(options.fixturesDir),
      apiKey: options.apiKey,
      state: shared?.state,
      webhooks: shared ? { ...options.webhooks, createDispatcher: shared.createDispatcher } : options.webhooks,
    }),
    static: () => ({ mode: 'static', handler: createPrismModeHandler('static', documents, () => publicUrl) }),
    dynamic: () => ({ mode: 'dynamic', handler: createPrismModeHandler('dynamic', documents, () => publicUrl) }),
    proxy: () => {
      const settings = options.proxy;
      if (!settings) throw new Error('proxy mode needs its upstream');
      const upstream = forwardUpstream({ upstream: settings.upstream, timeoutMs: settings.upstreamTimeoutMs });
      const recorder = settings.recordDir ? createFixtureRecorder(settings.recordDir, defaultSettings()) : undefined;
      recordFile = recorder?.file;
      return { mode: 'proxy', upstream: settings.upstream, forward: upstream.forward, record: recorder?.record, close: upstream.close };
    },
  };
  const parts = nodeParts[mode]();
  const mock = composeMock({ documents, parts, publicUrl: () => publicUrl, log, limits: options.limits, strict: options.strict });
  // A shared queue is worked by every replica, from the start: deliveries a stopped replica left are retried.
  // A replica started while Redis was away joins the work once it is back.
  const joinDeliveries = () =>
    mock.webhooks?.dispatcher().catch((error: Error) => log(`webhook delivery waits for Redis: ${error.message}`));
  shared?.onReady(() => void joinDeliveries());
  if (shared) await joinDeliveries();
  const adapter = await listen(
    { pipeline: mock.handle, limits: mock.limits, cors: options.cors ?? { origins: [] }, log },
    HOST,
    options.port,
  );
  const url = `http://${HOST}:${adapter.port}`;
  publicUrl ||= url;
  return {
    url,
    mode,
    engine: mock.engine,
    webhooks: mock.webhooks,
    violations: mock.violations,
    recordFile,
    async close() {
      await adapter.close();
      await mock.close();
      await shared?.close();
    },
  };
};
