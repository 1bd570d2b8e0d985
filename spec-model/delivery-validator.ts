// Validates an event delivery, layer by layer, against the schemas its webhook declares: the JWT header and claims,
// the event message, the identity and the domain event. The mock checks what it emits with it; tests check examples.
import type { BundledDocument, Family } from './document';
import type { JsonObject } from './json';
import { schemaReference } from './pointer';
import { createValidator } from './validators';
import { listWebhooks } from './webhooks';

/** A delivery with its JSON strings parsed: what each layer of the token holds. */
export interface DecodedDelivery {
  readonly header: unknown;
  readonly claims: unknown;
  readonly message: unknown;
  readonly identity: unknown;
  readonly payload: unknown;
}

const LAYERS = [
  ['header', 'EventJwtHeader'],
  ['claims', 'EventJwtClaims'],
  ['message', 'EventMessage'],
  ['identity', 'EventIdentity'],
] as const;

/** `(eventType, delivery) => problems`, each problem prefixed with its layer; empty when the delivery is valid. */
export const createDeliveryValidator = (family: Family, doc: BundledDocument) => {
  // What the platform sends: the answer side of the wire.
  const validate = createValidator(doc, 'response');
  const payloads = new Map(listWebhooks(family, doc).map((webhook) => [webhook.eventType, webhook.payloadSchema]));
  // One schema object per component: the validator keeps compiled schemas by object, so a fresh `{ $ref }` per
  // call would compile again at every event the mock delivers.
  const refs = new Map<string, JsonObject>();
  const ref = (name: string) => {
    let found = refs.get(name);
    if (!found) refs.set(name, (found = schemaReference(name)));
    return found;
  };
  return (eventType: string, delivery: DecodedDelivery): string[] => {
    const payloadSchema = payloads.get(eventType);
    if (!payloadSchema) return [`${eventType} is not a webhook of the ${family} family`];
    const problems = LAYERS.flatMap(([layer, schema]) => validate(ref(schema), delivery[layer]).map((problem) => `${layer}${problem}`));
    const declared = (delivery.message as { eventType?: unknown } | null)?.eventType;
    if (declared !== eventType) problems.push(`message/eventType is ${JSON.stringify(declared)}, expected ${eventType}`);
    problems.push(...validate(ref(payloadSchema), delivery.payload).map((problem) => `payload${problem}`));
    return problems;
  };
};
