import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EventToSign, signEvent } from '../../mock/events/sign-event';
import { generateSigningKeyPair, type SigningKeyPair } from '../../mock/events/signing-keys';
import { createWebhookDispatcher, type DispatchedEvent } from '../../mock/events/webhook-dispatcher';
import { FAMILIES } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';
import { listWebhooks, type Webhook } from '../../spec-model/webhooks';
import { EVENT_CATALOG, type EventType } from '../../src/events';
import { installPlatformSdk } from '../support/platform-sdk';

// A delivery signed by the mock is accepted by the platform's own SDK: AppStrategy({ appId, publicKey }) with the
// mock's public key, webhooks.process(token) verifies it and calls the SDK's handler of its event type
// (client.orders.onOrderCreated, ...) with the entity and metadata the mock put in.
const MODULE_OF: [RegExp, string][] = [
  [/^onOrder/, 'orders'],
  [/^onCheckout/, 'checkout'],
  [/^onCart/, 'currentCart'],
  [/^onBackInStock/, 'backInStockNotifications'],
  [/^onReview/, 'reviews'],
  [/^onFileDescriptor/, 'files'],
];
/** Declared by the seed but no longer by the current @wix/media (the spec says so in x-deviation). */
const NOT_IN_CURRENT_SDK = ['onFileDescriptorDeleted', 'onFileDescriptorUpdated'];
const APP_ID = '5f3c1a2b-7d4e-4f60-9a8b-1c2d3e4f5a6b';

interface SdkCall {
  readonly handler: string;
  readonly event: { entity?: Record<string, unknown>; data?: Record<string, unknown>; metadata: Record<string, unknown> };
}
interface SdkRun {
  readonly missing: string[];
  readonly results: { eventType?: string; error?: string; calls: SdkCall[] }[];
}

let keys: SigningKeyPair;
beforeAll(async () => {
  keys = await generateSigningKeyPair();
});

// Installed on first use, inside the tests: when it cannot be installed, every test fails with the reason.
let sdk: { readonly dir: string } | { readonly error: unknown } | undefined;
const sdkDir = (): string => {
  sdk ??= (() => {
    try {
      const dir = installPlatformSdk();
      copyFileSync(join(import.meta.dirname, 'fixtures', 'sdk-receiver.mjs'), join(dir, 'sdk-receiver.mjs'));
      return { dir };
    } catch (error) {
      return { error };
    }
  })();
  if ('error' in sdk) throw sdk.error;
  return sdk.dir;
};

const handlers = Object.fromEntries(
  [...EVENT_CATALOG.values()].map(({ handler }) => [handler, MODULE_OF.find(([pattern]) => pattern.test(handler))?.[1] ?? 'none']),
);
const runSdk = (tokens: string[], publicKey = keys.publicKeyPem): SdkRun =>
  JSON.parse(
    execFileSync(process.execPath, [join(sdkDir(), 'sdk-receiver.mjs')], {
      cwd: sdkDir(),
      input: JSON.stringify({ appId: APP_ID, publicKey, handlers, tokens }),
      encoding: 'utf8',
      timeout: 60_000,
    }),
  ) as SdkRun;

/** Each webhook's example event (its x-decoded message), to be signed again by the mock's signer. */
const webhooks = FAMILIES.flatMap((family) => listWebhooks(family, loadDocument(family)));
const exampleEvent = (webhook: Webhook): EventToSign => {
  const decoded = Object.values(webhook.examples)[0]?.decoded as {
    eventType: EventType;
    instanceId: string;
    identity: EventToSign['identity'];
    data: EventToSign['payload'];
  };
  return { eventType: decoded.eventType, instanceId: decoded.instanceId, identity: decoded.identity, payload: decoded.data } as EventToSign;
};
const idOf = (value: unknown) => (value as { id?: string } | undefined)?.id;

describe('the platform SDK accepts the mock deliveries', { timeout: 300_000 }, () => {
  it('declares a handler for every event type the spec has, except the two the seed keeps and the current SDK dropped', () => {
    expect(runSdk([]).missing.sort()).toEqual(NOT_IN_CURRENT_SDK);
  });

  it('verifies each token signed by the mock and calls the handler of its event type with the entity and metadata', () => {
    const covered = webhooks.filter((webhook) => !NOT_IN_CURRENT_SDK.includes(webhook.operationId));
    expect(covered).toHaveLength(22);
    const events = covered.map(exampleEvent);
    return Promise.all(events.map((event) => signEvent(event, keys.privateKey))).then((tokens) => {
      const { results } = runSdk(tokens);
      results.forEach((result, index) => {
        const webhook = covered[index] as Webhook;
        const event = events[index] as EventToSign;
        const payload = event.payload as unknown as Record<string, Record<string, unknown>>;
        expect(result.error, webhook.eventType).toBeUndefined();
        expect(result.eventType).toBe(webhook.eventType);
        expect(result.calls.map((call) => call.handler)).toEqual([webhook.operationId]);
        const received = result.calls[0]?.event;
        expect(received?.metadata).toMatchObject({
          _id: event.payload.id,
          entityFqdn: webhook.entityFqdn,
          slug: webhook.slug,
          entityId: event.payload.entityId,
          instanceId: event.instanceId,
          identity: event.identity,
        });
        if (webhook.body === 'createdEvent') expect(received?.entity?._id).toBe(idOf(payload.createdEvent?.entity));
        if (webhook.body === 'updatedEvent') expect(received?.entity?._id).toBe(idOf(payload.updatedEvent?.currentEntity));
        if (webhook.body === 'deletedEvent') expect(received?.entity?._id).toBe(idOf(payload.deletedEvent?.deletedEntity));
        if (webhook.body === 'actionEvent')
          expect(Object.keys(received?.data ?? {}).sort()).toEqual(Object.keys(payload.actionEvent?.body ?? {}).sort());
      });
    });
  });

  it('passes the action bodies through with the values the mock sent', async () => {
    const payment = webhooks.find((webhook) => webhook.eventType === 'wix.ecom.v1.order_payment_status_updated') as Webhook;
    const moderation = webhooks.find((webhook) => webhook.eventType === 'wix.reviews.v1.review_moderation_status_changed') as Webhook;
    const tokens = await Promise.all([payment, moderation].map((webhook) => signEvent(exampleEvent(webhook), keys.privateKey)));
    const [paid, moderated] = runSdk(tokens).results;
    expect(paid?.calls[0]?.event.data).toMatchObject({ previousPaymentStatus: 'NOT_PAID', order: { paymentStatus: 'PAID' } });
    expect(moderated?.calls[0]?.event.data).toMatchObject({
      previousModerationStatus: 'IN_MODERATION',
      review: { moderation: { moderationStatus: 'APPROVED' } },
    });
  });

  it('accepts what the dispatcher POSTs, and refuses a token signed by another key without calling a handler', async () => {
    const bodies: string[] = [];
    const fakeFetch = (async (_url: string, init: { body: string }) => {
      bodies.push(init.body);
      return new Response('ok');
    }) as unknown as typeof fetch;
    const dispatcher = createWebhookDispatcher({ keyPair: keys, fetch: fakeFetch, instanceId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' });
    await dispatcher.subscribe({ session: 'compat', url: 'http://127.0.0.1:9/events' });
    const orderCreated = exampleEvent(webhooks.find((webhook) => webhook.eventType === 'wix.ecom.v1.order_created') as Webhook);
    const [delivery] = await dispatcher.dispatch('compat', orderCreated as DispatchedEvent);
    expect(delivery?.status).toBe('delivered');
    const other = await generateSigningKeyPair();
    const forged = await signEvent(orderCreated, other.privateKey);
    const [accepted, refused] = runSdk([bodies[0] ?? '', forged], dispatcher.publicKeyPem()).results;
    expect(accepted?.calls.map((call) => call.handler)).toEqual(['onOrderCreated']);
    expect(refused?.error).toMatch(/signature/i);
    expect(refused?.calls).toEqual([]);
  });
});
