// The webhooks of a bundled family document: one per platform event type, read from the OpenAPI 3.1 `webhooks`
// section. Each declares its body as the signed JWT, with the layers inside it described by `contentSchema`:
// JWT [header, claims] -> claims.data (the event message) -> message.data (the domain event, a named schema).
import { resolveSchema, type BundledDocument, type Family, type Json, type JsonObject } from './document';

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

const object = (node: Json | undefined): JsonObject | undefined =>
  node !== null && typeof node === 'object' && !Array.isArray(node) ? node : undefined;

/** The properties and required names of a schema and of every `allOf` part, following `$ref`s into components. */
const flatten = (doc: BundledDocument, schema: JsonObject | undefined): { properties: Record<string, JsonObject>; required: Set<string> } => {
  const resolved = resolveSchema(doc, schema) ?? {};
  const properties: Record<string, JsonObject> = {};
  const required = new Set<string>();
  for (const part of (resolved.allOf as JsonObject[] | undefined) ?? []) {
    const inner = flatten(doc, part);
    Object.assign(properties, inner.properties);
    for (const name of inner.required) required.add(name);
  }
  for (const [name, value] of Object.entries((resolved.properties ?? {}) as Record<string, JsonObject>)) properties[name] = { ...properties[name], ...value };
  for (const name of (resolved.required as string[] | undefined) ?? []) required.add(name);
  return { properties, required };
};

const readWebhook = (family: Family, doc: BundledDocument, eventType: string, item: Record<string, JsonObject>): Webhook => {
  const fail = (what: string): never => {
    throw new Error(`webhook ${eventType} (${family}): ${what}`);
  };
  const post = item.post ?? fail('has no post operation');
  const operationId = typeof post.operationId === 'string' ? post.operationId : fail('has no operationId');
  const media = object(child(child(post.requestBody, 'content'), DELIVERY_MEDIA_TYPE)) ?? fail(`declares no ${DELIVERY_MEDIA_TYPE} request body`);
  const claims = child(child(child(media.schema, 'contentSchema'), 'prefixItems'), 1);
  const message = child(child(child(claims, 'properties'), 'data'), 'contentSchema');
  const declaredType = child(child(child(message, 'properties'), 'eventType'), 'const');
  if (declaredType !== eventType) fail(`the message's eventType const is ${JSON.stringify(declaredType)}, expected the webhook's name`);
  const ref = child(child(child(child(message, 'properties'), 'data'), 'contentSchema'), '$ref');
  const payloadSchema = typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? ref.split('/').pop() ?? '' : fail(
    `the message's data needs contentSchema: { $ref: <a component schema> } (body schema -> contentSchema.prefixItems[1] -> properties.data.contentSchema -> properties.data.contentSchema)`,
  );
  const { properties, required } = flatten(doc, doc.components.schemas?.[payloadSchema] ?? fail(`names unknown schema ${payloadSchema}`));
  const entityFqdn = properties.entityFqdn?.const;
  const slug = properties.slug?.const;
  if (typeof entityFqdn !== 'string' || typeof slug !== 'string') fail(`${payloadSchema} needs entityFqdn and slug consts`);
  const bodies = BODIES.filter((body) => required.has(body));
  if (bodies.length !== 1) fail(`${payloadSchema} must require exactly one of ${BODIES.join(', ')}, requires ${bodies.join(', ') || 'none'}`);
  const examples = Object.fromEntries(
    Object.entries((object(media.examples) ?? {}) as Record<string, JsonObject>).map(([name, example]) => [
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
    operationId,
    ...(typeof post.summary === 'string' && { summary: post.summary }),
    ...(typeof post.description === 'string' && { description: post.description }),
    tags: (post.tags as string[] | undefined) ?? [],
    payloadSchema,
    entityFqdn: entityFqdn as string,
    slug: slug as string,
    body: bodies[0] as DomainEventBody,
    examples,
  };
};

/** Every webhook of a family's bundled document, in the document's order. */
export const listWebhooks = (family: Family, doc: BundledDocument): Webhook[] =>
  Object.entries(doc.webhooks ?? {}).map(([eventType, item]) => readWebhook(family, doc, eventType, item));
