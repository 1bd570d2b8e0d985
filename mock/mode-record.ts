// What a mode is, as one record: how it is built from its parts (its handler or its forwarding, its controls) and
// its policy. The composition root (compose-mock.ts) builds whichever record it is handed; the registry of the
// modes by name is mock/modes.ts. Isomorphic: nothing here reaches Prism or a Node module.
import type { Family } from '../spec-model/document';
import type { JsonObject } from '../spec-model/json';
import type { StatefulEngine } from './engine/engine';
import type { MockWebhooks } from './events/mock-webhooks';
import type { Pipeline, Policy } from './pipeline/pipeline';
import type { ViolationLedger } from './proxy/violation-ledger';

/** What every mode is built with. */
export interface ModeContext {
  /** Both families' bundled documents, parsed. */
  readonly documents: Readonly<Record<Family, JsonObject>>;
  /** Where clients reach the mock, for links it hands out (sign-in pages, checkout URLs). */
  readonly publicUrl: () => string;
  /** Where failures inside the mock are reported. */
  readonly log: (line: string) => void;
  /** Refuse the fields a request's contract does not declare (MOCK_STRICT); a request's `Prefer: handling=` decides for itself. */
  readonly strict?: boolean | undefined;
}

/** A mode built: what answers requests, and what in-process callers may reach. */
export interface Composed {
  /** Answers one request: what an adapter calls with each request it translated. */
  readonly handle: Pipeline;
  /** The stateful engine (stateful mode only): events, sessions and controls for in-process callers. */
  readonly engine: StatefulEngine | undefined;
  /** Webhook delivery of the engine's events (stateful mode only). */
  readonly webhooks: MockWebhooks | undefined;
  /** What the proxy found wrong with the upstream (proxy mode only). */
  readonly violations: ViolationLedger | undefined;
  close(): Promise<void>;
}

/** A mode: its name, its policy and how it is built from its parts `P` into `C`. */
export interface ModeRecord<P, C extends Composed = Composed> {
  readonly name: string;
  /** What a request that breaks its contract gets: `refuse`d, or `record`ed and forwarded (the proxy). */
  readonly policy: Policy['kind'];
  compose(context: ModeContext, parts: P): C;
}
