// The event types the services emit. Those the contract declares (the webhooks of both families) are the
// generated catalog's own entries, found by entity and slug, so a misspelt one is a compile error. The few the
// mock records without a webhook of the contract are named with `undeclaredEvent`, which stops compiling once
// the contract declares them (then they come from the catalog too).
import { type EventType as DeclaredEventType, EVENT_CATALOG, type EventCatalogEntry } from '../../src/events';
import type { EventType } from '../engine/events';

/** The entities whose events the contract declares, by fqdn (`wix.ecom.v1.cart`). */
export type DeclaredEntity = EventCatalogEntry['entityFqdn'];

/** The catalog's events of one entity, by slug. */
export type EntityEvents<Entity extends DeclaredEntity> = {
  readonly [Entry in Extract<EventCatalogEntry, { readonly entityFqdn: Entity }> as Entry['slug']]: Entry;
};

/** The catalog's events of one entity, by slug: `eventsOf('wix.ecom.v1.cart').created`. Built once, at load. */
export const eventsOf = <Entity extends DeclaredEntity>(entityFqdn: Entity): EntityEvents<Entity> =>
  Object.fromEntries(
    [...EVENT_CATALOG.values()].filter((entry) => entry.entityFqdn === entityFqdn).map((entry) => [entry.slug, entry]),
  ) as EntityEvents<Entity>;

/** An event the mock records (GET /__mock/events) that no webhook of the contract declares. */
export const undeclaredEvent = <Name extends string>(
  eventType: Name extends DeclaredEventType ? never : Name,
  entityFqdn: string,
  slug: string,
): EventType => ({
  eventType,
  entityFqdn,
  slug,
});
