// Webhook delivery shared by every replica: subscriptions, the delivery log and the delivery queue live in
// Redis (webhook-records.ts). Each subscriber has a queue of deliveries (emission order kept); a sorted set says
// when each queue is due. A replica claims a due queue by a script that also takes a lease with a fencing token
// and pushes the queue's due time past the lease: only that replica attempts the head delivery
// (webhook-delivery-loop.ts). It records the outcome by a script that first checks it still holds that token; a
// success is recorded once and the delivery leaves the queue, so it is never attempted again. A replica killed
// mid-attempt loses its lease, and whichever replica is alive claims the queue when the lease runs out and
// retries. Every replica signs with one shared key pair (webhook-signing-keys.ts).
import { EVENT_CATALOG } from '../../src/events';
import { type EventToSign, signEvent } from '../events/sign-event';
import {
  type Delivery,
  type DispatchedEvent,
  dispatcherSettings,
  newSubscription,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from '../events/webhook-dispatcher';
import type { RedisLink } from './redis-link';
import type { SessionRounds } from './session-rounds';
import { DeliveryLoop } from './webhook-delivery-loop';
import { WebhookRecords } from './webhook-records';
import { sharedKeys } from './webhook-signing-keys';

export interface RedisWebhookOptions extends Omit<WebhookDispatcherOptions, 'keyPair' | 'instanceId'> {
  readonly log: (line: string) => void;
}

export const createRedisWebhookDispatcher = async (
  link: RedisLink,
  rounds: SessionRounds,
  options: RedisWebhookOptions,
): Promise<WebhookDispatcher> => {
  const settings = dispatcherSettings(options);
  const keys = await sharedKeys(link);
  const loop = new DeliveryLoop(link, settings, options.log);
  const records = new WebhookRecords(link, rounds, loop.due, settings);
  const wakeChannel = records.wakeChannel;

  const listener = link.listener();
  listener.on('message', (channel: string) => channel === wakeChannel && loop.kick());
  await listener.subscribe(wakeChannel).catch((error: Error) => options.log(`webhook wake-ups: ${error.message}`));
  link.onReady(() => loop.kick());
  loop.kick();

  /** Queues the event for the session's matching subscribers; answers their log entries (undefined: none). */
  const enqueue = async (session: string, event: DispatchedEvent): Promise<Delivery[] | undefined> => {
    if (!EVENT_CATALOG.has(event.eventType)) throw new TypeError(`dispatch: unknown event type ${JSON.stringify(event.eventType)}`);
    if (loop.closed) return undefined;
    const targets = (await records.subscriptions(session)).filter((subscription) => subscription.eventTypes.includes(event.eventType));
    if (targets.length === 0) return undefined;
    const signed = await signEvent(
      { ...event, instanceId: event.instanceId ?? keys.instanceId } as EventToSign,
      keys.privateKey,
      options.signing,
    );
    const entries: Delivery[] = targets.map((subscription) => ({
      id: globalThis.crypto.randomUUID(),
      eventId: String(event.payload.id),
      eventType: event.eventType,
      target: subscription.url,
      subscriptionId: subscription.id,
      status: 'pending',
      attempts: 0,
    }));
    await records.enqueue(session, signed, entries);
    return entries;
  };

  const dispatcher: WebhookDispatcher = {
    async subscribe(input) {
      if (loop.closed) throw new Error('the webhook dispatcher is closed');
      const subscription = newSubscription(input);
      await records.addSubscription(subscription);
      return subscription;
    },

    async unsubscribe(id) {
      if ((await records.removeSubscription(id)) === undefined) return false;
      await records.cancelQueue(id, 'canceled: unsubscribed before delivery');
      return true;
    },

    subscriptions: (session) => records.subscriptions(session),

    async dispatch(session, event) {
      return (await enqueue(session, event)) ?? [];
    },

    async queue(session, event) {
      await enqueue(session, event);
    },

    deliveries: (session) => records.deliveries(session),

    publicKeyPem: () => keys.publicKeyPem,

    async reset(session) {
      const sessions = session === undefined ? await records.subscribedSessions() : [session];
      for (const name of sessions) {
        loop.abort(name, new Error('session reset'));
        const subscriptions = await records.subscriptions(name);
        for (const subscription of subscriptions) await records.cancelQueue(subscription.id, 'canceled: session reset');
        await records.forget(name, subscriptions);
      }
    },

    drain: () => loop.drain(),

    async close() {
      await loop.close();
      await listener.unsubscribe(wakeChannel).catch(() => undefined);
    },
  };

  return dispatcher;
};
