// The events of both families as the receiver sees them, from the generated catalogs (spec -> generate): one
// discriminated union keyed by the platform's event type name.

import { type EventPayloads as CommerceEventPayloads, eventCatalog as commerceCatalog } from '../../generated/commerce/events';
import type { components } from '../../generated/commerce/schema';
import { type EventPayloads as PlatformEventPayloads, eventCatalog as platformCatalog } from '../../generated/platform/events';

/** Event type name -> the domain event it carries (`id`, `entityFqdn`, `slug`, `entityId`, `eventTime` and its body). */
export interface EventPayloads extends CommerceEventPayloads, PlatformEventPayloads {}

/** The platform's event type names, for example `wix.ecom.v1.order_created`. */
export type EventType = keyof EventPayloads;

/** Who caused an event: `identityType` and the one matching ID. */
export type EventIdentity = components['schemas']['EventIdentity'];
export type EventAccountInfo = components['schemas']['EventAccountInfo'];

/** A verified delivery: discriminated by `eventType`, so `payload` is typed by it. */
export type VerifiedEvent<T extends EventType = EventType> = {
  [K in T]: {
    readonly eventType: K;
    /** The app instance the event was delivered to. */
    readonly instanceId: string;
    readonly identity: EventIdentity;
    readonly accountInfo?: EventAccountInfo;
    /** The domain event. */
    readonly payload: EventPayloads[K];
  };
}[T];

export type EventCatalogEntry = (typeof commerceCatalog)[number] | (typeof platformCatalog)[number];

/** The platform SDK's handler names, for example `onOrderCreated`. */
export type EventHandlerName = EventCatalogEntry['handler'];
export type EventTypeOfHandler<H extends EventHandlerName> = Extract<EventCatalogEntry, { handler: H }>['eventType'] & EventType;

/** Every event of both families, by event type. */
export const EVENT_CATALOG: ReadonlyMap<string, EventCatalogEntry> = new Map(
  [...commerceCatalog, ...platformCatalog].map((entry) => [entry.eventType, entry]),
);
