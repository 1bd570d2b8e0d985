// The engine's events delivered as the platform delivers them: every event the engine emits whose type is a
// webhook of the spec is checked against its schemas, signed and POSTed to the session's subscribers (the
// dispatcher retries and logs). The key pair is made on first use, so the MSW adapter can build this synchronously.
import type { Family } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import { EVENT_CATALOG, type EventIdentity } from '../../src/events';
import { type EventSink, type RecordedEvent, toDomainEvent } from '../engine/events';
import type { MockPages } from '../pipeline/types';
import { createEventChecker } from './event-checker';
import type { EventToSign } from './sign-event';
import { generateSigningKeyPair } from './signing-keys';
import { serveWebhookControls } from './webhook-controls';
import { createWebhookDispatcher, type WebhookDispatcher, type WebhookDispatcherOptions } from './webhook-dispatcher';

export interface MockWebhooksOptions extends Omit<WebhookDispatcherOptions, 'keyPair'> {
  /** Both families' bundled documents: the webhooks' schemas every emitted event is checked against. */
  readonly documents: Readonly<Record<Family, JsonObject>>;
  /** Where mock failures (an event its webhook's schema refuses) are reported. */
  readonly log?: (line: string) => void;
  /** Makes the dispatcher (default: in memory, with a key pair of its own); shared state brings its own. */
  readonly createDispatcher?: ((options: Omit<WebhookDispatcherOptions, 'keyPair'>) => Promise<WebhookDispatcher>) | undefined;
}

export interface MockWebhooks {
  /** The /__mock/webhooks controls, for the engine's `controls` option. */
  readonly controls: MockPages;
  /** Delivers every event the sink emits from now on; answers the function that stops it. */
  attach(sink: EventSink): () => void;
  /** The dispatcher, once its key pair exists: subscribe, deliveries, publicKeyPem, drain. */
  dispatcher(): Promise<WebhookDispatcher>;
  /** Events the mock emitted that their webhook's schemas refuse (not delivered): each a bug of the mock. */
  readonly violations: readonly string[];
  close(): Promise<void>;
}

const MAX_VIOLATIONS = 100;

/** The engine's record of who caused an event, as the spec's EventIdentity. */
const identityOf = (event: RecordedEvent): EventIdentity => event.identity as EventIdentity;

export const createMockWebhooks = (options: MockWebhooksOptions): MockWebhooks => {
  const { documents, log = () => undefined, createDispatcher, ...dispatcherOptions } = options;
  const check = createEventChecker(documents);
  const violations: string[] = [];
  let ready: Promise<WebhookDispatcher> | undefined;
  const make = () =>
    createDispatcher
      ? createDispatcher(dispatcherOptions)
      : generateSigningKeyPair().then((keyPair) => createWebhookDispatcher({ ...dispatcherOptions, keyPair }));
  // A dispatcher that could not be made (shared state out of reach) is made again on next use.
  const dispatcher = () =>
    (ready ??= make().catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));

  const deliver = (event: RecordedEvent): Promise<void> | undefined => {
    if (!EVENT_CATALOG.has(event.eventType)) return; // Recorded at /__mock/events; the spec declares no webhook for it.
    const toSign = { eventType: event.eventType, identity: identityOf(event), payload: toDomainEvent(event) } as unknown as EventToSign;
    const problems = check(toSign);
    if (problems.length > 0) {
      const line = `mock failure: ${event.eventType} ${event.id} (${event.operationId}, request ${event.requestId}) breaks its webhook's schemas, not delivered: ${problems.slice(0, 5).join('; ')}`;
      if (violations.length < MAX_VIOLATIONS) violations.push(line);
      log(line);
      return;
    }
    // Chained on one promise: deliveries start in emission order even while the key pair is being made. The
    // emitting request waits until they are queued (a shared queue: until another replica can see them).
    return dispatcher().then((found) => found.queue(event.session, toSign));
  };

  return {
    controls: (request, method, path, search) => serveWebhookControls(dispatcher, violations, request, method, path, search),
    attach: (sink) => sink.subscribe(deliver),
    dispatcher,
    violations,
    async close() {
      if (ready) await (await ready).close();
    },
  };
};
