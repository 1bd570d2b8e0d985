// The webhooks of a bundled family document: one per platform event type, read from the OpenAPI 3.1 `webhooks`
// section. Each declares its body as the signed JWT, with the layers inside it described by `contentSchema`:
// JWT [header, claims] -> claims.data (the event message) -> message.data (the domain event, a named schema).
import { type BundledDocument, type Family, readOperation } from './document';
import { asJsonObject, type Json, type JsonObject } from './json';
import { schemaComponentName } from './pointer';
import { flattenSchema } from './schemas';

/** Where a domain event carries its entity or action: exactly one of these is present. */
export type DomainEventBody = 'createdEvent' | 'updatedEvent' | 'deletedEvent' | 'actionEvent';
const BODIES: readonly DomainEventBody[] = ['createdEvent', 'updatedEvent', 'deletedEvent', 'actionEvent'];

/** The media type deliveries are declared with: the JWT as text. */
export const DELIVERY_MEDIA_TYPE = 'text/plain';

export interface WebhookExample {
  readonly summary?: string;
  /** The signed token as it is POSTed. */
  readonly value: string;
  /** The token's event message with its JSON strings parsed (`x-decoded`), as the receiver reads it. */
  readonly decoded?: Json;
}

export interface Webhook {
  readonly family: Family;
  /** The platform's event type name, for example `wix.ecom.v1.order_created`; the key in `webhooks`. */
  readonly eventType: string;
  /** The platform SDK's handler name, for example `onOrderCreated`. */
  readonly operationId: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** The component schema of the domain event (the message's `data`). */
  readonly payloadSchema: string;
  readonly entityFqdn: string;
  readonly slug: string;
  readonly body: DomainEventBody;
  readonly examples: Readonly<Record<string, WebhookExample>>;
}

const child = (node: Json | undefined, key: string | number): Json | undefined => {
  if (node === null || typeof node !== 'object') return undefined;
  return Array.isArray(node) ? node[key as number] : node[key as string];
};

const readWebhook = (family: Family, doc: BundledDocument, eventType: string, item: JsonObject): Webhook => {
  const fail = (what: string): never => {
    throw new Error(`webhook ${eventType} (${family}): ${what}`);
  };
  if (!asJsonObject(item.post)) fail('has no post operation');
  if (typeof asJsonObject(item.post)?.operationId !== 'string') fail('has no operationId');
  const post = readOperation(family, doc, eventType, item, 'POST') ?? fail('has no post operation');
  const media = post.requestBody?.content[DELIVERY_MEDIA_TYPE] ?? fail(`declares no ${DELIVERY_MEDIA_TYPE} request body`);
  const claims = child(child(child(media.schema, 'contentSchema'), 'prefixItems'), 1);
  const message = child(child(child(claims, 'properties'), 'data'), 'contentSchema');
  const declaredType = child(child(child(message, 'properties'), 'eventType'), 'const');
  if (declaredType !== eventType) fail(`the message's eventType const is ${JSON.stringify(declaredType)}, expected the webhook's name`);
  const payloadSchema =
    schemaComponentName(child(child(child(message, 'properties'), 'data'), 'contentSchema')) ??
    fail(
      `the message's data needs contentSchema: a reference to a component schema (body schema -> contentSchema.prefixItems[1] -> properties.data.contentSchema -> properties.data.contentSchema)`,
    );
  const { properties, required } = flattenSchema(
    doc,
    doc.components.schemas?.[payloadSchema] ?? fail(`names unknown schema ${payloadSchema}`),
  );
  const entityFqdn = properties.entityFqdn?.const;
  const slug = properties.slug?.const;
  if (typeof entityFqdn !== 'string' || typeof slug !== 'string') fail(`${payloadSchema} needs entityFqdn and slug consts`);
  const bodies = BODIES.filter((body) => required.has(body));
  if (bodies.length !== 1)
    fail(`${payloadSchema} must require exactly one of ${BODIES.join(', ')}, requires ${bodies.join(', ') || 'none'}`);
  const examples = Object.fromEntries(
    Object.entries(media.examples ?? {}).map(([name, example]) => [
      name,
      {
        ...(typeof example.summary === 'string' && { summary: example.summary }),
        value: typeof example.value === 'string' ? example.value : fail(`example ${name} has no token value`),
        ...(example['x-decoded'] !== undefined && { decoded: example['x-decoded'] }),
      },
    ]),
  );
  return {
    family,
    eventType,
    operationId: post.operationId,
    ...(post.summary !== undefined && { summary: post.summary }),
    ...(post.description !== undefined && { description: post.description }),
    tags: post.tags,
    payloadSchema,
    entityFqdn: entityFqdn as string,
    slug: slug as string,
    body: bodies[0] as DomainEventBody,
    examples,
  };
};

/** Every webhook of a family's bundled document, in the document's order. */
export const listWebhooks = (family: Family, doc: BundledDocument): Webhook[] =>
  Object.entries(asJsonObject(doc.webhooks) ?? {}).map(([eventType, item]) =>
    readWebhook(family, doc, eventType, asJsonObject(item) ?? {}),
  );
