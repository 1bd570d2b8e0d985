// storefront-api/events: receive the platform's events on a server. React-free; needs `jose` (a dependency).
export {
  createEventHandlers,
  type EventHandler,
  type EventHandlerHelpers,
  type EventHandlers,
  type EventHandlersOptions,
  type ProcessedEvent,
} from './event-handlers';
export {
  EVENT_CATALOG,
  type EventAccountInfo,
  type EventCatalogEntry,
  type EventHandlerName,
  type EventIdentity,
  type EventPayloads,
  type EventType,
  type EventTypeOfHandler,
  type VerifiedEvent,
} from './event-types';
export { EventVerificationError, type EventVerificationReason } from './verification-error';
export { EVENT_ALGORITHM, type EventPublicKey, type VerifyEventOptions, verifyEvent } from './verify-event';
