// Starts the mock in this process on 127.0.0.1: both families' documents read once, the mode the registry
// (modes.ts) names started and composed by the composition root (compose-mock.ts), behind the Node HTTP adapter.
// Nothing here names a mode but the default.

import type { ProxySettings, StoreSetting } from './config';
import type { StatefulEngine } from './engine/engine';
import type { MockWebhooks, MockWebhooksOptions } from './events/mock-webhooks';
import type { CorsPolicy } from './http/cors';
import { listen } from './http/node-adapter';
import type { TransportLimits } from './limits';
import { MODES, type MockMode } from './modes';
import { readDocuments } from './node/read-documents';
import type { ViolationLedger } from './proxy/violation-ledger';

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
  const started = await MODES[mode].start({ options, documents, publicUrl: () => publicUrl, log, strict: options.strict });
  const { mock } = started;
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
    recordFile: started.recordFile,
    async close() {
      await adapter.close();
      await started.close();
    },
  };
};
