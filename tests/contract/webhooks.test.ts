import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventCatalog as commerceCatalog } from '../../generated/commerce/events';
import { eventCatalog as platformCatalog } from '../../generated/platform/events';
import { createDeliveryValidator } from '../../spec-model/delivery-validator';
import { FAMILIES, type Family } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';
import { listWebhooks } from '../../spec-model/webhooks';
import { verifyEvent } from '../../src/events';
import { decodeDelivery } from '../support/decode-delivery';

// The events of both seeds, declared as OpenAPI 3.1 webhooks with the platform's event type names.
const seedEvents = JSON.parse(readFileSync(new URL('../fixtures/seed-events.json', import.meta.url), 'utf8')) as Record<
  Family,
  Record<string, string[]>
>;
const webhooks = FAMILIES.flatMap((family) => listWebhooks(family, loadDocument(family)));
const SLUG_BODY: Record<string, string> = { created: 'createdEvent', updated: 'updatedEvent', deleted: 'deletedEvent' };
const ENVELOPE = ['SignedEvent', 'EventJwtHeader', 'EventJwtClaims', 'EventMessage', 'EventIdentity', 'DomainEventFields'];

describe('webhooks', () => {
  for (const family of FAMILIES) {
    it.each(Object.entries(seedEvents[family]))(`${family}: the seed's %s are declared`, (_events, eventTypes) => {
      const declared = webhooks.filter((webhook) => webhook.family === family).map((webhook) => webhook.eventType);
      expect(eventTypes.filter((eventType) => !declared.includes(eventType))).toEqual([]);
    });
  }

  it('declares no event the seeds do not name', () => {
    const named = FAMILIES.flatMap((family) => Object.values(seedEvents[family]).flat());
    expect(webhooks.map((webhook) => webhook.eventType).filter((eventType) => !named.includes(eventType))).toEqual([]);
  });

  it.each(webhooks.map((webhook) => [webhook.eventType, webhook] as const))(
    '%s: named entityFqdn_slug, body as its slug says',
    (eventType, webhook) => {
      expect(eventType).toBe(`${webhook.entityFqdn}_${webhook.slug}`);
      expect(webhook.body).toBe(SLUG_BODY[webhook.slug] ?? 'actionEvent');
      expect(webhook.operationId).toMatch(/^on[A-Z][A-Za-z]+$/);
      expect(webhook.payloadSchema).toBe(`${webhook.operationId.slice(2)}Event`);
      const tags = ((loadDocument(webhook.family) as unknown as { tags: { name: string }[] }).tags ?? []).map((tag) => tag.name);
      expect(webhook.tags.length).toBe(1);
      expect(tags).toContain(webhook.tags[0]);
    },
  );

  it('handler names are unique across both families and never an operation name', () => {
    const names = webhooks.map((webhook) => webhook.operationId);
    expect(new Set(names).size).toBe(names.length);
    const operations = FAMILIES.flatMap((family) => Object.values(loadDocument(family).paths).flatMap((item) => Object.values(item)))
      .map((operation) => (operation as { operationId?: string }).operationId)
      .filter(Boolean);
    expect(names.filter((name) => operations.includes(name))).toEqual([]);
  });

  it.each(FAMILIES)('%s names the envelope schemas as components', (family) => {
    const schemas = Object.keys(loadDocument(family).components.schemas ?? {});
    expect(ENVELOPE.filter((name) => !schemas.includes(name))).toEqual([]);
  });

  it('the generated event catalogs list exactly the webhooks', () => {
    const catalog = [...commerceCatalog, ...platformCatalog].map((entry) => entry.eventType).sort();
    expect(catalog).toEqual(webhooks.map((webhook) => webhook.eventType).sort());
    for (const entry of [...commerceCatalog, ...platformCatalog]) {
      const webhook = webhooks.find((candidate) => candidate.eventType === entry.eventType);
      expect(entry).toEqual({
        eventType: webhook?.eventType,
        handler: webhook?.operationId,
        entityFqdn: webhook?.entityFqdn,
        slug: webhook?.slug,
        body: webhook?.body,
      });
    }
  });
});

describe('webhook examples', () => {
  const publicKeyOf = (family: Family) =>
    (loadDocument(family) as unknown as { 'x-event-examples': { publicKey: string } })['x-event-examples'].publicKey;
  const validators = {
    commerce: createDeliveryValidator('commerce', loadDocument('commerce')),
    platform: createDeliveryValidator('platform', loadDocument('platform')),
  };
  const examples = webhooks.flatMap((webhook) =>
    Object.entries(webhook.examples).map(([name, example]) => [`${webhook.eventType} ${name}`, webhook, example] as const),
  );

  it('every webhook has a named example, and both families share the example key', () => {
    expect(webhooks.filter((webhook) => Object.keys(webhook.examples).length === 0).map((webhook) => webhook.eventType)).toEqual([]);
    expect(publicKeyOf('commerce')).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(publicKeyOf('platform')).toBe(publicKeyOf('commerce'));
  });

  it.each(examples)(
    '%s: a token the receiver verifies with the example key, holding x-decoded, valid layer by layer',
    async (_name, webhook, example) => {
      const event = await verifyEvent(example.value, publicKeyOf(webhook.family));
      const decoded = example.decoded as { eventType: string; instanceId: string; identity: unknown; data: unknown };
      expect(event).toEqual({
        eventType: decoded.eventType,
        instanceId: decoded.instanceId,
        identity: decoded.identity,
        payload: decoded.data,
      });
      expect(validators[webhook.family](webhook.eventType, decodeDelivery(example.value))).toEqual([]);
    },
  );
});
