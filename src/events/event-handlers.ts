// A small registry for receivers: handlers by event type (or by the platform SDK's handler names), and process()
// that verifies a delivery before any handler sees it.
import { EVENT_CATALOG, type EventHandlerName, type EventType, type EventTypeOfHandler, type VerifiedEvent } from './event-types';
import { type EventPublicKey, type VerifyEventOptions, verifyEvent } from './verify-event';

export type EventHandler<T extends EventType> = (event: VerifiedEvent<T>) => void | Promise<void>;

export interface EventHandlersOptions extends VerifyEventOptions {
  /** The platform's public key (PEM or imported), or the mock's (`GET /__mock/webhooks/public-key`). */
  readonly publicKey: EventPublicKey;
}

export interface ProcessedEvent {
  readonly event: VerifiedEvent;
  /** How many handlers ran (0 when none is registered for its type). */
  readonly handled: number;
}

/** `onOrderCreated(handler)` and the rest: the platform SDK's names for `on('wix.ecom.v1.order_created', handler)`. */
export type EventHandlerHelpers = {
  readonly [H in EventHandlerName]: (handler: EventHandler<EventTypeOfHandler<H>>) => EventHandlers;
};

export interface EventHandlers extends EventHandlerHelpers {
  /** Adds a handler for one event type; handlers of a type run in the order they were added. */
  on<T extends EventType>(eventType: T, handler: EventHandler<T>): EventHandlers;
  /**
   * Verifies a delivery's body and runs its handlers, one after another. A refused delivery throws an
   * EventVerificationError and runs no handler; a handler's own error is thrown as it is (answer non-2xx, and the
   * platform delivers again).
   */
  process(body: string | Uint8Array): Promise<ProcessedEvent>;
  /** process() on a fetch Request's body (route handlers of Next.js, Remix, Hono, ...). */
  processRequest(request: Request): Promise<ProcessedEvent>;
}

export const createEventHandlers = (options: EventHandlersOptions): EventHandlers => {
  const { publicKey, ...verifyOptions } = options;
  const handlers = new Map<string, EventHandler<EventType>[]>();
  const helpers = Object.fromEntries(
    [...EVENT_CATALOG.values()].map(({ handler, eventType }) => [handler, (fn: EventHandler<EventType>) => registry.on(eventType, fn)]),
  ) as unknown as EventHandlerHelpers;
  const registry: EventHandlers = {
    ...helpers,
    on<T extends EventType>(eventType: T, handler: EventHandler<T>): EventHandlers {
      if (!EVENT_CATALOG.has(eventType)) throw new TypeError(`on(eventType): unknown event type ${JSON.stringify(eventType)}`);
      if (typeof handler !== 'function') throw new TypeError(`on(${eventType}, handler): handler must be a function`);
      handlers.set(eventType, [...(handlers.get(eventType) ?? []), handler as unknown as EventHandler<EventType>]);
      return registry;
    },
    async process(body) {
      const event = await verifyEvent(body, publicKey, verifyOptions);
      const registered = handlers.get(event.eventType) ?? [];
      for (const handler of registered) await handler(event);
      return { event, handled: registered.length };
    },
    async processRequest(request) {
      return registry.process(await request.text());
    },
  };
  return registry;
};
