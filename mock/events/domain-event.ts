// A domain event as the platform shapes it: the common fields (entity, slug from the event type, id, time) and
// the one body the event type carries.
import type { components } from '../../src/commerce';
import { EVENT_CATALOG, type EventPayloads, type EventType } from '../../src/events';

type CommonFields = keyof components['schemas']['DomainEventFields'];

/** What an event type carries besides the common fields: `{ createdEvent: { entity } }`, `{ actionEvent: { body } }`, ... */
export type DomainEventBody<T extends EventType> = Omit<EventPayloads[T], CommonFields>;

export interface DomainEventOptions {
  /** Default: a new UUID. */
  readonly id?: string;
  /** Default: now. */
  readonly eventTime?: Date | string;
  /** `entityEventSequence`, when the caller counts the entity's events. */
  readonly sequence?: number;
}

export const domainEvent = <T extends EventType>(
  eventType: T,
  entityId: string,
  body: DomainEventBody<T>,
  options: DomainEventOptions = {},
): EventPayloads[T] => {
  const entry = EVENT_CATALOG.get(eventType);
  if (!entry) throw new TypeError(`domainEvent(eventType): unknown event type ${JSON.stringify(eventType)}`);
  const eventTime = options.eventTime ?? new Date();
  return {
    id: options.id ?? globalThis.crypto.randomUUID(),
    entityFqdn: entry.entityFqdn,
    slug: entry.slug,
    entityId,
    eventTime: typeof eventTime === 'string' ? eventTime : eventTime.toISOString(),
    ...(options.sequence !== undefined && { entityEventSequence: String(options.sequence) }),
    ...body,
  } as unknown as EventPayloads[T];
};
