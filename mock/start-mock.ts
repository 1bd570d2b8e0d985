// Starts the mock in this process on 127.0.0.1: both families' documents read once, then the mode's request
// handling (the stateful engine, or Prism's mocker for static and dynamic) behind the Node HTTP adapter.
import { FAMILIES } from '../src/protocol';
import { noSuchControl } from './engine/controls';
import { createStatefulEngine, type StatefulEngine } from './engine/engine';
import type { CorsPolicy } from './http/cors';
import { DEFAULT_LIMITS, type TransportLimits } from './http/limits';
import { createMockWebhooks, type MockWebhooks, type MockWebhooksOptions } from './events/mock-webhooks';
import { listen } from './http/node-adapter';
import { readDocuments } from './node/read-documents';
import { readFixtures } from './node/read-fixtures';
import { serveOAuthPage } from './oauth-pages';
import { assemblePipeline } from './pipeline/assemble';
import type { Pipeline } from './pipeline/handle-request';
import type { MockPages } from './pipeline/types';
import { boundDynamicMode } from './prism/dynamic-bounds';
import { loadPrism } from './prism/load-prism';
import { createPrismHandler, type PrismMode } from './prism/prism-handler';
import { prismOperations } from './prism/prism-operations';
import { SERVICES } from './services/index';
import { SchemaCompilers } from './validation/schema-view';

export type MockMode = 'stateful' | PrismMode;
export const MOCK_MODES: readonly MockMode[] = ['stateful', 'static', 'dynamic'];

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
}

export interface RunningMock {
  readonly url: string;
  readonly mode: MockMode;
  /** The stateful engine (stateful mode only): events, sessions and controls for in-process callers. */
  readonly engine: StatefulEngine | undefined;
  /** Webhook delivery of the engine's events (stateful mode only). */
  readonly webhooks: MockWebhooks | undefined;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

/** Static and dynamic modes: Prism's mocker behind the same pipeline; only the health control exists. */
const prismPipeline = (mode: PrismMode, publicUrl: () => string, log: (line: string) => void): Pipeline => {
  const prism = loadPrism();
  boundDynamicMode(prism);
  const documents = readDocuments();
  const compilers = new SchemaCompilers();
  const pages: MockPages = async (request, method, path, search) => {
    const page = await serveOAuthPage(method, path, search, request.requestId);
    if (page) return page;
    if (!path.startsWith('/__mock/')) return undefined;
    if (method === 'GET' && path === '/__mock/health') {
      return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode, families: FAMILIES, sessions: [] }) };
    }
    return noSuchControl(method, path, mode, request.requestId);
  };
  const resources = new Map<string, unknown>();
  const handler = createPrismHandler({ prism, resources, mode, publicUrl });
  // The validators copy what they need first: Prism's bundler then rewrites references in the documents.
  const pipeline = assemblePipeline({ documents, compilers, handler, pages, log });
  for (const document of Object.values(documents)) for (const [operationId, resource] of prismOperations(prism, document)) resources.set(operationId, resource);
  return pipeline;
};

export const startMock = async (options: MockOptions): Promise<RunningMock> => {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const mode = options.mode ?? 'stateful';
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  const documents = mode === 'stateful' ? readDocuments() : undefined;
  const webhooks = documents ? createMockWebhooks({ ...options.webhooks, documents, log }) : undefined;
  const engine =
    documents && webhooks
      ? createStatefulEngine({
          documents,
          services: SERVICES,
          fixtures: readFixtures(options.fixturesDir),
          ...(options.apiKey && { apiKey: options.apiKey }),
          publicUrl: () => publicUrl,
          log,
          controls: webhooks.controls,
        })
      : undefined;
  if (engine) webhooks?.attach(engine.events);
  const pipeline: Pipeline = engine ? (request) => engine.handle(request) : prismPipeline(mode as PrismMode, () => publicUrl, log);
  const adapter = await listen({ pipeline, limits: { ...DEFAULT_LIMITS, ...options.limits }, cors: options.cors ?? { origins: [] }, log }, HOST, options.port);
  const url = `http://${HOST}:${adapter.port}`;
  publicUrl ||= url;
  return {
    url,
    mode,
    engine,
    webhooks,
    async close() {
      await adapter.close();
      await webhooks?.close();
    },
  };
};
