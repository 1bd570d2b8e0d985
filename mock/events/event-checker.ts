// Checks the data of every event the engine emits against its webhook's schemas: who caused it and the domain
// event. A problem is a bug of the mock, and the event is never sent. The checks compile the documents' response
// side, as the engine's answers do, and accept a record the answer of the same call just proved: the cart an
// update answered is not checked again inside its cart_updated event (validation/frozen-verdicts.ts).
// The layers that wrap the data (JWT header, claims, event message) are built by sign-event.ts alone, the same
// for every event; the tests check them on real signed deliveries (spec-model/delivery-validator.ts), so no
// request pays for checking them again.
import { asBundledDocument, type Family } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import { schemaPointer } from '../../spec-model/pointer';
import { SchemaCompiler, type ValidateFunction } from '../../spec-model/schema-compiler';
import { composedComponents } from '../../spec-model/schemas';
import { listWebhooks } from '../../spec-model/webhooks';
import { CHECKED_REF, installCheckedRefs, verdictsFor } from '../validation/frozen-verdicts';
import { responseDocumentId } from '../validation/response-validator';
import type { EventToSign } from './sign-event';

/** `(event) => problems`; empty when the event is what its webhook declares. */
export type EventChecker = (event: Pick<EventToSign, 'eventType' | 'identity' | 'payload'>) => string[];

const problemsOf = (layer: string, validate: ValidateFunction, value: unknown): string[] =>
  validate(value) ? [] : (validate.errors ?? []).map((error) => `${layer}${error.instancePath || '/'} ${error.message ?? ''}`);

export const createEventChecker = (documents: Readonly<Record<Family, JsonObject>>): EventChecker => {
  // Every problem of a broken event is reported (a mock failure is read by whoever fixes it).
  const verdicts = verdictsFor(documents);
  const compiler = new SchemaCompiler({ vocabulary: (engine) => installCheckedRefs(engine, verdicts) });
  // Compiled on first use: most event types never fire in a run, and start-up stays short.
  const compiled = new Map<string, ValidateFunction>();
  const compile = (documentId: string, ref: string): ValidateFunction => {
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = compiler.compile({ [CHECKED_REF]: ref }, documentId)));
    return validate;
  };
  const byType = new Map<string, { readonly documentId: string; readonly identity: string; readonly payload: string }>();
  for (const family of Object.keys(documents) as Family[]) {
    const documentId = responseDocumentId(family);
    const document = asBundledDocument(documents[family]);
    compiler.register(documentId, document, 'response', { keyword: CHECKED_REF, components: composedComponents(document) });
    const component = (name: string) => `${documentId}${schemaPointer(name)}`;
    const identity = component('EventIdentity');
    for (const webhook of listWebhooks(family, document)) {
      byType.set(webhook.eventType, { documentId, identity, payload: component(webhook.payloadSchema) });
    }
  }
  return (event) => {
    const refs = byType.get(event.eventType);
    if (!refs) return [`${event.eventType} is a webhook of no family`];
    return [
      ...problemsOf('identity', compile(refs.documentId, refs.identity), event.identity),
      ...problemsOf('payload', compile(refs.documentId, refs.payload), event.payload),
    ];
  };
};
