// The composition root: builds the mock of a mode, once, for either adapter (the Node HTTP server of
// start-mock.ts, the MSW handlers of msw/). Each mode is one record of MODE_RECORDS, chosen by its name; every one
// runs the stages in their declared order (pipeline/stage-order.ts) under its policy. Stateful: the webhook delivery, then the engine over the services
// and fixtures, whose pipeline runs the identity stage and the services. Static and dynamic: the pipeline over
// Prism's handler (built by the Node side, the only one that can run Prism), with the health control only.
// Proxy: the proxy's pipeline over the Node side's forwarder, with its violations control.
// The limits both adapters apply come from here too. Isomorphic: the documents come parsed, and nothing here
// reaches Prism or a Node module.

import { apiVersion } from '../spec-model/api-version';
import type { Family } from '../spec-model/document';
import type { JsonObject } from '../spec-model/json';
import { FAMILIES, JSON_MEDIA_TYPE } from '../src/protocol';
import { createStatefulEngine, type StatefulEngine } from './engine/engine';
import type { EngineState } from './engine/engine-state';
import type { Fixture } from './engine/fixtures';
import type { Services } from './engine/operation';
import { createMockWebhooks, type MockWebhooks, type MockWebhooksOptions } from './events/mock-webhooks';
import { DEFAULT_LIMITS, type TransportLimits } from './limits';
import type { MockMode, PrismMode } from './modes';
import { assemblePipeline, assembleRouteStage } from './pipeline/assemble';
import type { Pipeline, Policy } from './pipeline/pipeline';
import type { OperationHandler } from './pipeline/stages/handler';
import { createPagesStage } from './pipeline/stages/pages';
import type { MockPages } from './pipeline/types';
import { createProxyControls } from './proxy/proxy-controls';
import { createProxyPipeline, type Forwarder, type RecordedExchange } from './proxy/proxy-pipeline';
import { ViolationLedger } from './proxy/violation-ledger';
import { ResponseValidator } from './validation/response-validator';
import { SchemaCompilers } from './validation/schema-compilers';

export interface StatefulParts {
  readonly mode: 'stateful';
  /** Every operation's implementation, by operationId, and the hosted sign-in. */
  readonly services: Services;
  /** Named fixtures; `default` seeds every new session. */
  readonly fixtures: Readonly<Record<string, Fixture>>;
  /** The merchant's API key (default `mock-api-key`). */
  readonly apiKey?: string | undefined;
  /** Where state lives (default: in memory; Redis when replicas share it). */
  readonly state?: EngineState | undefined;
  /** Webhook delivery: retries, back-off, timeout, the fetch deliveries go through, a shared dispatcher. */
  readonly webhooks?: Omit<MockWebhooksOptions, 'documents' | 'log'> | undefined;
}

export interface PrismParts {
  readonly mode: PrismMode;
  /** Prism's handler over its own copy of the documents (its bundler rewrites references in place). */
  readonly handler: OperationHandler;
}

export interface ProxyParts {
  readonly mode: 'proxy';
  /** The API behind the proxy, for messages and the health control. */
  readonly upstream: string;
  /** Sends each request there (the Node side's). */
  readonly forward: Forwarder;
  /** Where the upstream's checked answers go to be recorded; undefined: nothing is recorded. */
  readonly record?: ((exchange: RecordedExchange) => void) | undefined;
  /** Closes the connections to the upstream. */
  readonly close?: (() => void) | undefined;
}

export interface ComposeOptions {
  /** Both families' bundled documents, parsed. */
  readonly documents: Readonly<Record<Family, JsonObject>>;
  readonly parts: ModeParts[MockMode];
  /** Where clients reach the mock, for links it hands out (sign-in pages, checkout URLs). */
  readonly publicUrl: () => string;
  /** Where failures inside the mock are reported. */
  readonly log: (line: string) => void;
  readonly limits?: Partial<TransportLimits> | undefined;
  /** Refuse the fields a request's contract does not declare (MOCK_STRICT); a request's `Prefer: handling=` decides for itself. */
  readonly strict?: boolean | undefined;
}

export interface ComposedMock {
  readonly mode: MockMode;
  /** What a request that breaks its contract gets: `refuse`d, or `record`ed and forwarded (the proxy). */
  readonly policy: Policy['kind'];
  /** Answers one request: what an adapter calls with each request it translated. */
  readonly handle: Pipeline;
  /** The limits the adapters apply before a request reaches `handle` (the body size above all). */
  readonly limits: TransportLimits;
  /** The stateful engine (stateful mode only): events, sessions and controls for in-process callers. */
  readonly engine: StatefulEngine | undefined;
  /** Webhook delivery of the engine's events (stateful mode only). */
  readonly webhooks: MockWebhooks | undefined;
  /** What the proxy found wrong with the upstream (proxy mode only). */
  readonly violations: ViolationLedger | undefined;
  close(): Promise<void>;
}

/** The stateful mode's mock: its engine and webhook delivery are always there. */
export interface StatefulMock extends ComposedMock {
  readonly engine: StatefulEngine;
  readonly webhooks: MockWebhooks;
}

const composeStateful = (options: ComposeOptions, parts: StatefulParts): Composed<StatefulMock> => {
  const { documents, log } = options;
  const webhooks = createMockWebhooks({ ...parts.webhooks, documents, log });
  const engine = createStatefulEngine({
    documents,
    services: parts.services,
    fixtures: parts.fixtures,
    ...(parts.apiKey && { apiKey: parts.apiKey }),
    ...(parts.state && { state: parts.state }),
    publicUrl: options.publicUrl,
    log,
    controls: webhooks.controls,
    strict: options.strict,
  });
  webhooks.attach(engine.events);
  return {
    mode: 'stateful',
    handle: (request) => engine.handle(request),
    engine,
    webhooks,
    violations: undefined,
    close: () => webhooks.close(),
  };
};

const composePrism = (options: ComposeOptions, parts: PrismParts): Composed => {
  const { mode } = parts;
  const compilers = new SchemaCompilers();
  const health: MockPages = async (_request, method, path) =>
    method === 'GET' && path === '/__mock/health'
      ? {
          status: 200,
          headers: { 'content-type': JSON_MEDIA_TYPE },
          body: JSON.stringify({ mode, version: apiVersion(options.documents), families: FAMILIES, sessions: [] }),
        }
      : undefined;
  const handle = assemblePipeline({
    documents: options.documents,
    compilers,
    responses: new ResponseValidator(compilers, options.documents),
    pages: createPagesStage({ mode, controls: health }),
    handler: parts.handler,
    log: options.log,
    strict: options.strict,
  });
  return { mode, handle, engine: undefined, webhooks: undefined, violations: undefined, close: async () => undefined };
};

// Answers from the upstream are judged with every violation and the full format rules (SchemaCompilers).
const composeProxy = (options: ComposeOptions, parts: ProxyParts): Composed => {
  const compilers = new SchemaCompilers({ foreignAnswers: true });
  const ledger = new ViolationLedger();
  const handle = createProxyPipeline({
    upstream: parts.upstream,
    pages: createPagesStage({ mode: 'proxy', controls: createProxyControls(parts.upstream, apiVersion(options.documents), ledger) }),
    route: assembleRouteStage(options.documents, compilers),
    responses: new ResponseValidator(compilers, options.documents),
    forward: parts.forward,
    ledger,
    record: parts.record,
    log: options.log,
    strict: options.strict,
  });
  return {
    mode: 'proxy',
    handle,
    engine: undefined,
    webhooks: undefined,
    violations: ledger,
    close: async () => parts.close?.(),
  };
};

/** What each mode is given to build it. */
export interface ModeParts {
  readonly stateful: StatefulParts;
  readonly static: PrismParts;
  readonly dynamic: PrismParts;
  readonly proxy: ProxyParts;
}

type Composed<T extends ComposedMock = ComposedMock> = Omit<T, 'limits' | 'policy'>;

/** A mode as one record: how it is built from its parts (its handler or forwarding, its controls, its policy). */
export interface ModeRecord<P> {
  /** What a request that breaks its contract gets: refused, or recorded and forwarded. */
  readonly policy: Policy['kind'];
  compose(options: ComposeOptions, parts: P): Composed;
}

/** Every mode, by name: the one place a mode is chosen. */
export const MODE_RECORDS: { readonly [M in MockMode]: ModeRecord<ModeParts[M]> } = {
  stateful: { policy: 'refuse', compose: composeStateful },
  static: { policy: 'refuse', compose: composePrism },
  dynamic: { policy: 'refuse', compose: composePrism },
  proxy: { policy: 'record', compose: composeProxy },
};

const composeMode = <M extends MockMode>(
  options: ComposeOptions,
  parts: ModeParts[M] & { readonly mode: M },
): Omit<ComposedMock, 'limits'> => {
  const record = MODE_RECORDS[parts.mode] as ModeRecord<ModeParts[M]>;
  return { ...record.compose(options, parts), policy: record.policy };
};

export function composeMock(options: ComposeOptions & { readonly parts: StatefulParts }): StatefulMock;
export function composeMock(options: ComposeOptions): ComposedMock;
export function composeMock(options: ComposeOptions): ComposedMock {
  return { ...composeMode(options, options.parts), limits: { ...DEFAULT_LIMITS, ...options.limits } };
}
