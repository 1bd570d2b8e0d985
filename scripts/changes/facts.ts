// What a document promises, as places: each operation, parameter, request body, answer, answer header and
// schema field of a family's bundled document, found by Optic's OpenAPI 3.1 traverser over the flattened
// document. A place is named by where it sits for a caller (method, path, request or answer, the field's trail),
// never by the composition branch (allOf/0) that holds it, so regrouping a schema is no change.
import { type IFact, OpenAPITraverser } from '@useoptic/openapi-utilities';
import type { JsonObject } from '../../spec-model/json';
import { flatten } from './flatten';

export type Side = 'request' | 'answer' | 'operation';

export interface Place {
  /** `operation`, `parameter`, `request`, `body`, `response`, `header`, `field`, `items`. */
  readonly kind: string;
  readonly side: Side;
  /** `POST /v1/carts`. */
  readonly operation: string;
  /** Where in the operation, as a user reads it: `query limit`, `answer 200 field cart.id`. */
  readonly where: string;
  /** The fact's value (a parameter, a field's flat schema and `required`, an answer...). */
  readonly value: JsonObject;
}

type Location = {
  method?: string;
  path?: string;
  inRequest?: { query?: string; path?: string; header?: string; cookie?: string; body?: { contentType: string } };
  inResponse?: { statusCode: string; header?: string; body?: { contentType: string } };
  jsonSchemaTrail?: string[];
  context?: { type: string };
};

const trailText = (trail: readonly string[] | undefined): string => (trail ?? []).join('.').replaceAll('.items', '[]');

const placeOf = (fact: IFact): Place | undefined => {
  const kind = fact.location.kind as string;
  const at = fact.location.conceptualLocation as Location;
  if (!at.method || !at.path) return undefined;
  const operation = `${at.method.toUpperCase()} ${at.path}`;
  const value = fact.value as JsonObject;
  const request = at.inRequest;
  const answer = at.inResponse;
  if (kind === 'operation') return { kind, side: 'operation', operation, where: 'operation', value };
  if (kind.endsWith('-parameter') && request) {
    const [in_, name] = Object.entries(request)[0] ?? [];
    return { kind: 'parameter', side: 'request', operation, where: `${in_} parameter ${String(name)}`, value };
  }
  if (kind === 'request') return { kind, side: 'request', operation, where: 'request body', value };
  if (kind === 'response' && answer) return { kind, side: 'answer', operation, where: `answer ${answer.statusCode}`, value };
  if (kind === 'response-header' && answer)
    return { kind: 'header', side: 'answer', operation, where: `answer ${answer.statusCode} header ${answer.header}`, value };
  const side: Side = request ? 'request' : 'answer';
  const body = request?.body ?? answer?.body;
  if (!body) return undefined;
  const prefix = request ? `request body (${body.contentType})` : `answer ${answer?.statusCode} (${body.contentType})`;
  if (kind === 'body') return { kind, side, operation, where: prefix, value };
  if (kind === 'field') return { kind, side, operation, where: `${prefix} field ${trailText(at.jsonSchemaTrail)}`, value };
  // Array items carry the enumerations of lists of values; every other schema fact repeats a field's or a body's.
  if (kind === 'schema' && at.context?.type === 'array')
    return { kind: 'items', side, operation, where: `${prefix} ${trailText(at.jsonSchemaTrail)}`, value };
  return undefined;
};

const keyOf = (place: Place): string => `${place.kind} ${place.operation} ${place.where}`;

/** A field present in several branches is one place: required if any branch requires it, its types and values pooled. */
const merge = (first: Place, next: Place): Place => {
  if (first.kind !== 'field' && first.kind !== 'items') return first;
  const a = first.value.flatSchema as JsonObject;
  const b = next.value.flatSchema as JsonObject;
  const pooled = (key: string): JsonObject => {
    const x = a[key];
    const y = b[key];
    if (x === undefined || y === undefined) return {};
    const values = [...new Set([...(Array.isArray(x) ? x : [x]), ...(Array.isArray(y) ? y : [y])].map((v) => JSON.stringify(v)))].map((v) =>
      JSON.parse(v),
    );
    return { [key]: values };
  };
  return {
    ...first,
    value: {
      ...first.value,
      required: first.value.required === true || next.value.required === true,
      flatSchema: { ...a, ...pooled('type'), ...pooled('enum') },
    },
  };
};

/** Every place of one bundled document, by key. */
export const placesOf = (document: JsonObject): Map<string, Place> => {
  const traverser = new OpenAPITraverser();
  traverser.traverse(flatten(document) as never);
  const places = new Map<string, Place>();
  for (const fact of traverser.facts()) {
    const place = placeOf(fact);
    if (!place) continue;
    const key = keyOf(place);
    const seen = places.get(key);
    places.set(key, seen ? merge(seen, place) : place);
  }
  return places;
};
