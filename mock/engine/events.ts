// The event sink: every state change of the engine is emitted here with the platform's event type name and
// domain-event shape, recorded per session (GET /__mock/events) and handed to subscribers (webhook delivery
// plugs in here with `subscribe`).
import { CappedLog } from './capped-log';
import type { Identity } from './identity';
import { jsonText } from './json-texts';

/** The body of a domain event: exactly one of these, as the platform sends them. */
export type EventBody =
  | { readonly createdEvent: { readonly entity: unknown } }
  | { readonly updatedEvent: { readonly currentEntity: unknown } }
  | { readonly deletedEvent: { readonly deletedEntity?: unknown } }
  | { readonly actionEvent: { readonly body: unknown } };

/** An event type as the platform's SDK declares it (`@eventType`, its entity's fqdn, `@slug`). */
export interface EventType {
  readonly eventType: string;
  readonly entityFqdn: string;
  readonly slug: string;
}

/** Who caused an event, in the platform's words. */
export type EventIdentity =
  | { readonly identityType: 'ANONYMOUS_VISITOR'; readonly anonymousVisitorId: string }
  | { readonly identityType: 'MEMBER'; readonly memberId: string }
  | { readonly identityType: 'WIX_USER'; readonly wixUserId: string }
  | { readonly identityType: 'UNKNOWN' };

export interface RecordedEvent {
  readonly id: string;
  readonly eventType: string;
  readonly entityFqdn: string;
  readonly slug: string;
  readonly entityId: string;
  readonly eventTime: string;
  readonly identity: EventIdentity;
  readonly session: string;
  readonly operationId: string;
  readonly requestId: string;
  readonly payload: EventBody;
}

/** The platform's domain-event envelope of a recorded event: `{ id, entityFqdn, slug, entityId, eventTime, identity, ...body }`. */
export const toDomainEvent = (event: RecordedEvent): Record<string, unknown> => ({
  id: event.id,
  entityFqdn: event.entityFqdn,
  slug: event.slug,
  entityId: event.entityId,
  eventTime: event.eventTime,
  identity: event.identity,
  ...event.payload,
});

export const eventIdentity = (identity: Identity | undefined): EventIdentity => {
  if (!identity) return { identityType: 'UNKNOWN' };
  if (identity.role === 'visitor') return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: identity.id };
  if (identity.role === 'member') return { identityType: 'MEMBER', memberId: identity.id };
  return { identityType: 'WIX_USER', wixUserId: identity.id };
};

/** A subscriber; what it answers is awaited before the request that emitted the event is answered. */
export type EventListener = (event: RecordedEvent) => unknown;

export interface EventSink {
  /** Records the event and hands it to every subscriber; resolves when they have taken it. */
  emit(event: RecordedEvent): Promise<void>;
  /** Called with every event emitted from now on; answers the function that unsubscribes. */
  subscribe(listener: EventListener): () => void;
}

/** Events kept per session, newest last; older ones are dropped. */
export const MAX_EVENTS_PER_SESSION = 1000;
/**
 * The bytes of JSON text a session's events may take: each carries its whole entity (a cart's event is several
 * KB), so the count alone would let a busy session keep megabytes. The oldest go first.
 */
export const MAX_EVENT_BYTES_PER_SESSION = 1024 * 1024;

/** Where recorded events are kept: in memory by default, in Redis when replicas share state. */
export interface EventLog {
  append(event: RecordedEvent): Promise<void>;
  /** A session's events, newest first. */
  list(session: string, limit: number): Promise<RecordedEvent[]>;
  clear(session?: string): Promise<void>;
}

export class MemoryEventLog implements EventLog {
  readonly #bySession = new Map<string, CappedLog<RecordedEvent>>();

  async append(event: RecordedEvent): Promise<void> {
    let events = this.#bySession.get(event.session);
    if (!events) {
      events = new CappedLog(MAX_EVENTS_PER_SESSION, MAX_EVENT_BYTES_PER_SESSION);
      this.#bySession.set(event.session, events);
    }
    events.push(event, jsonText(event).length);
  }

  async list(session: string, limit: number): Promise<RecordedEvent[]> {
    return this.#bySession.get(session)?.newestFirst(limit) ?? [];
  }

  async clear(session?: string): Promise<void> {
    if (session === undefined) this.#bySession.clear();
    else this.#bySession.delete(session);
  }
}

export class RecordingEventSink implements EventSink {
  readonly #log: EventLog;
  readonly #listeners = new Set<EventListener>();
  readonly #report: (line: string) => void;

  constructor(report: (line: string) => void = () => undefined, log: EventLog = new MemoryEventLog()) {
    this.#report = report;
    this.#log = log;
  }

  async emit(event: RecordedEvent): Promise<void> {
    // Recorded and handed to the subscribers at once (one round trip to a shared store, not one after the other).
    const heard = [...this.#listeners].map(async (listener) => {
      try {
        await listener(event);
      } catch (error) {
        // A subscriber's failure is its own: the request that emitted the event is still answered.
        this.#report(`event listener failed on ${event.eventType} ${event.id}: ${(error as Error)?.stack ?? String(error)}`);
      }
    });
    await Promise.all([this.#log.append(event), ...heard]);
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A session's events, newest first. */
  list(session: string, limit = MAX_EVENTS_PER_SESSION): Promise<RecordedEvent[]> {
    return this.#log.list(session, Math.min(limit, MAX_EVENTS_PER_SESSION));
  }

  clear(session?: string): Promise<void> {
    return this.#log.clear(session);
  }
}
