// Stateful mode, the part both adapters build: the webhook delivery, then the engine over the services and
// fixtures, whose pipeline runs the identity stage and the services. Isomorphic (the MSW adapter builds it too);
// what only the Node server adds (fixtures read from disk, a Redis state) is stateful-node.ts.

import type { ComposedMock } from '../compose-mock';
import { createStatefulEngine, type StatefulEngine } from '../engine/engine';
import type { EngineState } from '../engine/engine-state';
import type { Fixture } from '../engine/fixtures';
import type { Services } from '../engine/operation';
import { createMockWebhooks, type MockWebhooks, type MockWebhooksOptions } from '../events/mock-webhooks';
import type { Composed, ModeRecord } from '../mode-record';

export interface StatefulParts {
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

/** The stateful mode built: its engine and webhook delivery are always there. */
export interface StatefulComposed extends Composed {
  readonly engine: StatefulEngine;
  readonly webhooks: MockWebhooks;
}

/** The stateful mode as the composition root answers it. */
export type StatefulMock = ComposedMock<StatefulComposed>;

export const STATEFUL: ModeRecord<StatefulParts, StatefulComposed> = {
  name: 'stateful',
  policy: 'refuse',
  compose(context, parts) {
    const { documents, log } = context;
    const webhooks = createMockWebhooks({ ...parts.webhooks, documents, log });
    const engine = createStatefulEngine({
      documents,
      services: parts.services,
      fixtures: parts.fixtures,
      ...(parts.apiKey && { apiKey: parts.apiKey }),
      ...(parts.state && { state: parts.state }),
      publicUrl: context.publicUrl,
      log,
      controls: webhooks.controls,
      strict: context.strict,
    });
    webhooks.attach(engine.events);
    return { handle: (request) => engine.handle(request), engine, webhooks, violations: undefined, close: () => webhooks.close() };
  },
};
