// The mock's webhooks: subscriptions per session, the signed delivery of each event the engine emits to
// every matching subscriber (in emission order per subscriber, retried with back-off), and a delivery log per
// session. Framework-free: the /__mock/webhooks controls and the engine call this interface.
import { EVENT_CATALOG, type EventAccountInfo, type EventIdentity, type EventPayloads, type EventType } from '../../src/events';
import { fieldViolation, type ValidationRule } from '../../src/protocol';
import { CappedLog } from '../engine/capped-log';
import { ControlInputError } from '../engine/control-input';
import { type DeliveryAttemptOptions, deliverWithRetries } from './deliver';
import { type EventToSign, type SignEventOptions, signEvent } from './sign-event';
import type { SigningKeyPair } from './signing-keys';

export interface WebhookDispatcherOptions {
  /** The key pair deliveries are signed with (`generateSigningKeyPair()` at mock start). */
  readonly keyPair: SigningKeyPair;
  /** Default: the global fetch. */
  readonly fetch?: typeof fetch;
  /** Attempts per delivery, the first included; default 4. */
  readonly maxAttempts?: number;
  /** Pause before retry n: a base that doubles (default 250 ms: 250, 500, 1000), or a function of n. */
  readonly backoffMs?: number | ((retry: number) => number);
  /** Each attempt must be answered within this; default 1,250 ms, as the platform. */
  readonly timeoutMs?: number;
  /** The app instance deliveries name; default a UUID made at start. */
  readonly instanceId?: string;
  /** Issuer, audience and expiry of the tokens. */
  readonly signing?: SignEventOptions;
  /** Log entries kept per session (oldest dropped); default 500. */
  readonly maxLogEntries?: number;
  /** Bytes of their JSON (as queued) the log entries of a session may take (oldest dropped); default 256 KiB. */
  readonly maxLogBytes?: number;
}

/** The delivery log's default byte cap per session: its entries' JSON as queued (a long target URL counts). */
export const MAX_DELIVERY_LOG_BYTES_PER_SESSION = 256 * 1024;

/** What a log entry counts toward its session's byte cap, in every store: its JSON text as queued. */
export const deliveryBytes = (entry: Delivery): number => JSON.stringify(entry).length;

export interface WebhookSubscription {
  readonly id: string;
  readonly session: string;
  readonly url: string;
  /** The event types delivered to it (every event type when none were named). */
  readonly eventTypes: readonly EventType[];
}

export interface SubscribeInput {
  readonly session: string;
  readonly url: string;
  /** Default: every event type. */
  readonly eventTypes?: readonly string[];
}

/** An event the engine emitted: its type, who caused it and the domain event (`domainEvent()`). */
export type DispatchedEvent = {
  [T in EventType]: {
    readonly eventType: T;
    readonly identity: EventIdentity;
    readonly payload: EventPayloads[T];
    /** Default: the dispatcher's. */
    readonly instanceId?: string;
    readonly accountInfo?: EventAccountInfo;
  };
}[EventType];

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event to one subscriber, as QA reads it at GET /__mock/webhooks/deliveries. */
export interface Delivery {
  readonly id: string;
  readonly eventId: string;
  readonly eventType: EventType;
  readonly target: string;
  readonly subscriptionId: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  /** The last failure: `HTTP 503`, `no answer within 1250 ms`, `connection failed (ECONNREFUSED)`, `canceled: ...`. */
  readonly lastError?: string;
  /** HTTP status of the last answer, when one came. */
  readonly responseStatus?: number;
}

export interface WebhookDispatcher {
  subscribe(input: SubscribeInput): Promise<WebhookSubscription>;
  /** False when no subscription has that id. Deliveries not started yet are dropped. */
  unsubscribe(id: string): Promise<boolean>;
  subscriptions(session: string): Promise<WebhookSubscription[]>;
  /**
   * Signs the event once and delivers it to the session's matching subscribers; their log entries exist (pending)
   * when this returns. Resolves with the final entries; never rejects (failures are in the log).
   */
  dispatch(session: string, event: DispatchedEvent): Promise<Delivery[]>;
  /** As `dispatch`, but resolves once the deliveries are queued (their log entries exist), not once they are done. */
  queue(session: string, event: DispatchedEvent): Promise<void>;
  /** The session's delivery log, newest first. */
  deliveries(session: string): Promise<Delivery[]>;
  /** The PEM receivers verify deliveries with (GET /__mock/webhooks/public-key). */
  publicKeyPem(): string;
  /** Forgets one session's subscriptions and log (every session's without one), canceling its deliveries. */
  reset(session?: string): Promise<void>;
  /** Resolves when no delivery is under way. */
  drain(): Promise<void>;
  /** Cancels every delivery under way and accepts no more. */
  close(): Promise<void>;
}

/** A subscription the caller got wrong: the field and the rule it breaks, as the platform's validation errors say. */
export class WebhookSubscriptionError extends ControlInputError {
  override name = 'WebhookSubscriptionError';
  readonly field: string;
  readonly ruleName: ValidationRule;

  constructor(
    field: string,
    ruleName: 'REQUIRED_FIELD' | 'FORMAT' | 'INVALID_ENUM_VALUE' | 'MIN_SIZE' | 'MAX_LENGTH',
    description: string,
  ) {
    super([fieldViolation(field, description, ruleName)]);
    this.field = field;
    this.ruleName = ruleName;
  }
}

const MAX_URL_LENGTH = 2048;

const checkUrl = (url: unknown): string => {
  if (typeof url !== 'string' || url === '') throw new WebhookSubscriptionError('url', 'REQUIRED_FIELD', 'is required');
  if (url.length > MAX_URL_LENGTH) throw new WebhookSubscriptionError('url', 'MAX_LENGTH', `must be at most ${MAX_URL_LENGTH} characters`);
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) throw new WebhookSubscriptionError('url', 'FORMAT', 'must be an absolute http(s) URL');
  return parsed.href;
};

const checkEventTypes = (eventTypes: unknown): EventType[] => {
  if (eventTypes === undefined) return [...EVENT_CATALOG.keys()] as EventType[];
  if (!Array.isArray(eventTypes)) throw new WebhookSubscriptionError('eventTypes', 'FORMAT', 'must be an array of event types');
  if (eventTypes.length === 0)
    throw new WebhookSubscriptionError('eventTypes', 'MIN_SIZE', 'must name at least one event type (leave it out for every type)');
  eventTypes.forEach((eventType, index) => {
    if (typeof eventType !== 'string' || !EVENT_CATALOG.has(eventType)) {
      throw new WebhookSubscriptionError(
        `eventTypes[${index}]`,
        'INVALID_ENUM_VALUE',
        `is not an event type of the spec (${JSON.stringify(eventType)})`,
      );
    }
  });
  return [...new Set(eventTypes as EventType[])];
};

const checkOption = (name: string, value: number, min: number, max: number) => {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(`createWebhookDispatcher: ${name} must be an integer from ${min} to ${max}, got ${value}`);
  return value;
};

/** A new subscription, checked: the field and the rule of the first mistake are thrown (WebhookSubscriptionError). */
export const newSubscription = (input: SubscribeInput): WebhookSubscription => {
  if (typeof input?.session !== 'string' || input.session === '')
    throw new WebhookSubscriptionError('session', 'REQUIRED_FIELD', 'is required');
  return {
    id: globalThis.crypto.randomUUID(),
    session: input.session,
    url: checkUrl(input.url),
    eventTypes: checkEventTypes(input.eventTypes),
  };
};

export interface DispatcherSettings {
  readonly fetch: typeof fetch;
  readonly maxAttempts: number;
  readonly timeoutMs: number;
  readonly maxLogEntries: number;
  readonly maxLogBytes: number;
  readonly backoffMs: DeliveryAttemptOptions['backoffMs'];
}

/** The options with their defaults, checked (a RangeError names the option out of range). */
export const dispatcherSettings = (options: Omit<WebhookDispatcherOptions, 'keyPair'>): DispatcherSettings => ({
  fetch: options.fetch ?? globalThis.fetch,
  maxAttempts: checkOption('maxAttempts', options.maxAttempts ?? 4, 1, 20),
  timeoutMs: checkOption('timeoutMs', options.timeoutMs ?? 1250, 1, 60_000),
  maxLogEntries: checkOption('maxLogEntries', options.maxLogEntries ?? 500, 1, 100_000),
  maxLogBytes: checkOption('maxLogBytes', options.maxLogBytes ?? MAX_DELIVERY_LOG_BYTES_PER_SESSION, 1, 64 * 1024 * 1024),
  backoffMs: typeof options.backoffMs === 'function' ? options.backoffMs : checkOption('backoffMs', options.backoffMs ?? 250, 0, 60_000),
});

/** The headers of every attempt (the attempt number is added per attempt). */
export const deliveryHeaders = (deliveryId: string, session: string): Record<string, string> => ({
  'content-type': 'text/plain; charset=utf-8',
  'user-agent': 'storefront-api-mock',
  'x-mock-delivery-id': deliveryId,
  'x-mock-session': session,
});

interface SessionState {
  readonly subscriptions: Map<string, WebhookSubscription>;
  /** Newest last, capped by entries and by bytes. */
  readonly log: CappedLog<{ -readonly [K in keyof Delivery]: Delivery[K] }>;
  readonly controller: AbortController;
}

export const createWebhookDispatcher = (options: WebhookDispatcherOptions): WebhookDispatcher => {
  const { fetch: fetchImpl, maxAttempts, timeoutMs, maxLogEntries, maxLogBytes, backoffMs } = dispatcherSettings(options);
  const instanceId = options.instanceId ?? globalThis.crypto.randomUUID();
  const sessions = new Map<string, SessionState>();
  /** Per subscription, the tail of its queue: deliveries to one subscriber go out in emission order. */
  const queues = new Map<string, Promise<void>>();
  const underWay = new Set<Promise<unknown>>();
  let closed = false;

  const state = (session: string): SessionState => {
    let found = sessions.get(session);
    if (!found) {
      found = { subscriptions: new Map(), log: new CappedLog(maxLogEntries, maxLogBytes), controller: new AbortController() };
      sessions.set(session, found);
    }
    return found;
  };
  const track = <T>(promise: Promise<T>): Promise<T> => {
    underWay.add(promise);
    void promise.finally(() => underWay.delete(promise));
    return promise;
  };
  const forget = (session: string, reason: string) => {
    const found = sessions.get(session);
    if (!found) return;
    found.controller.abort(new Error(reason));
    for (const id of found.subscriptions.keys()) queues.delete(id);
    sessions.delete(session);
  };

  const dispatcher: WebhookDispatcher = {
    async subscribe(input) {
      if (closed) throw new Error('the webhook dispatcher is closed');
      const subscription = newSubscription(input);
      state(input.session).subscriptions.set(subscription.id, subscription);
      return subscription;
    },

    async unsubscribe(id) {
      for (const found of sessions.values()) {
        if (found.subscriptions.delete(id)) {
          queues.delete(id);
          return true;
        }
      }
      return false;
    },

    async subscriptions(session) {
      return [...(sessions.get(session)?.subscriptions.values() ?? [])];
    },

    dispatch(session, event) {
      if (!EVENT_CATALOG.has(event.eventType)) throw new TypeError(`dispatch: unknown event type ${JSON.stringify(event.eventType)}`);
      const found = sessions.get(session);
      const targets = [...(found?.subscriptions.values() ?? [])].filter((subscription) =>
        subscription.eventTypes.includes(event.eventType),
      );
      if (!found || targets.length === 0 || closed) return Promise.resolve([]);
      const entries = targets.map((subscription) => ({
        id: globalThis.crypto.randomUUID(),
        eventId: String(event.payload.id),
        eventType: event.eventType,
        target: subscription.url,
        subscriptionId: subscription.id,
        status: 'pending' as DeliveryStatus,
        attempts: 0,
      }));
      for (const entry of entries) found.log.push(entry, deliveryBytes(entry));
      const toSign = { ...event, instanceId: event.instanceId ?? instanceId } as EventToSign;
      const signed = signEvent(toSign, options.keyPair.privateKey, options.signing);
      const deliveries = entries.map((entry) => {
        const previous = queues.get(entry.subscriptionId) ?? Promise.resolve();
        const next = previous.then(async () => {
          const fail = (lastError: string) => Object.assign(entry, { status: 'failed' as const, lastError });
          if (!found.subscriptions.has(entry.subscriptionId)) return void fail('canceled: unsubscribed before delivery');
          let token: string;
          try {
            token = await signed;
          } catch (error) {
            return void fail(`signing failed: ${error instanceof Error ? error.message : String(error)}`);
          }
          const outcome = await deliverWithRetries({
            fetch: fetchImpl,
            url: entry.target,
            token,
            headers: deliveryHeaders(entry.id, session),
            maxAttempts,
            backoffMs,
            timeoutMs,
            signal: found.controller.signal,
            onAttempt: (attempt) => Object.assign(entry, { attempts: attempt }),
          });
          Object.assign(entry, {
            status: outcome.delivered ? 'delivered' : 'failed',
            attempts: outcome.attempts,
            ...(outcome.responseStatus !== undefined && { responseStatus: outcome.responseStatus }),
            ...(outcome.lastError !== undefined && { lastError: outcome.lastError }),
          });
        });
        queues.set(entry.subscriptionId, next);
        return next.then(() => ({ ...entry }) as Delivery);
      });
      return track(Promise.all(deliveries));
    },

    async deliveries(session) {
      return (sessions.get(session)?.log.newestFirst() ?? []).map((entry) => ({ ...entry }) as Delivery);
    },

    async queue(session, event) {
      // The log entries are written before dispatch first waits.
      void dispatcher.dispatch(session, event);
    },

    publicKeyPem() {
      return options.keyPair.publicKeyPem;
    },

    async reset(session) {
      for (const name of session === undefined ? [...sessions.keys()] : [session]) forget(name, 'session reset');
    },

    async drain() {
      while (underWay.size > 0) await Promise.allSettled([...underWay]);
    },

    async close() {
      closed = true;
      for (const name of [...sessions.keys()]) sessions.get(name)?.controller.abort(new Error('mock stopped'));
      await dispatcher.drain();
    },
  };
  return dispatcher;
};
