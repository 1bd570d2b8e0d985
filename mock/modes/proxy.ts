// Proxy mode: a real API behind the mock, each exchange checked against the contract (a violation is recorded,
// and the request forwarded) by the proxy's pipeline over the Node side's forwarder, with its violations control.
// Answers from the upstream are judged with every violation and the full format rules (SchemaCompilers).
import { apiVersion } from '../../spec-model/api-version';
import type { ModeRecord } from '../mode-record';
import { forwardUpstream } from '../node/forward-upstream';
import { nodeMode } from '../node/node-mode';
import { readFixtures } from '../node/read-fixtures';
import { createFixtureRecorder } from '../node/record-fixture';
import { assembleRouteStage } from '../pipeline/assemble';
import { createPagesStage } from '../pipeline/stages/pages';
import { createProxyControls } from '../proxy/proxy-controls';
import { createProxyPipeline, type Forwarder, type RecordedExchange } from '../proxy/proxy-pipeline';
import { ViolationLedger } from '../proxy/violation-ledger';
import { ResponseValidator } from '../validation/response-validator';
import { SchemaCompilers } from '../validation/schema-compilers';

export interface ProxyParts {
  /** The API behind the proxy, for messages and the health control. */
  readonly upstream: string;
  /** Sends each request there (the Node side's). */
  readonly forward: Forwarder;
  /** Where the upstream's checked answers go to be recorded; undefined: nothing is recorded. */
  readonly record?: ((exchange: RecordedExchange) => void) | undefined;
  /** Closes the connections to the upstream. */
  readonly close?: (() => void) | undefined;
}

export const PROXY: ModeRecord<ProxyParts> = {
  name: 'proxy',
  policy: 'record',
  compose(context, parts) {
    const compilers = new SchemaCompilers({ foreignAnswers: true });
    const ledger = new ViolationLedger();
    const handle = createProxyPipeline({
      upstream: parts.upstream,
      pages: createPagesStage({ mode: 'proxy', controls: createProxyControls(parts.upstream, apiVersion(context.documents), ledger) }),
      route: assembleRouteStage(context.documents, compilers),
      responses: new ResponseValidator(compilers, context.documents),
      forward: parts.forward,
      ledger,
      record: parts.record,
      log: context.log,
      strict: context.strict,
    });
    return { handle, engine: undefined, webhooks: undefined, violations: ledger, close: async () => parts.close?.() };
  },
};

/** The built-in site settings a recording is replayed with. */
const defaultSettings = () => {
  const fallback = readFixtures().default;
  if (!fallback) throw new Error('the built-in default fixture is missing');
  return fallback.settings;
};

export const PROXY_NODE = nodeMode(PROXY, ({ options }) => {
  const settings = options.proxy;
  if (!settings) throw new Error('proxy mode needs its upstream');
  const upstream = forwardUpstream({ upstream: settings.upstream, timeoutMs: settings.upstreamTimeoutMs });
  const recorder = settings.recordDir ? createFixtureRecorder(settings.recordDir, defaultSettings()) : undefined;
  return {
    parts: { upstream: settings.upstream, forward: upstream.forward, record: recorder?.record, close: upstream.close },
    recordFile: recorder?.file,
  };
});
