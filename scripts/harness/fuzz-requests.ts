// A fuzzer built from the spec's own operations, sent to a running mock and judged by the contract. Each case is
// an operation's example request, mutated (wrong types, nulls, huge strings, bad escapes, bad enum values, extra
// and missing keys, malformed or deeply nested JSON, bad query values, no credentials, wrong content type, a
// missing, empty or `null` body, both or neither branch of an either-or rule); some cases are flows on one
// entity: made by one identity, then read, changed and deleted by another, or used again after it was deleted.
// Every answer must keep the contract: no 5xx, a status the operation declares and, for an application error, a
// code it declares for that status. Seeded: a run repeats.
import fc from 'fast-check';
import { DEFAULT_API_KEY as API_KEY } from '../../mock/engine/identity';
import { MOCK_FAMILIES } from '../../mock/families';
import { MockRouter } from '../../mock/routing';
import { SERVICES } from '../../mock/services/index';
import { type BundledDocument, FAMILIES, listOperations, type Operation } from '../../spec-model/document';
import { exampleRequest } from '../../spec-model/examples';
import type { Json, JsonObject } from '../../spec-model/json';
import { loadDocument } from '../../spec-model/load';
import { serializeQuery } from '../../src/client/serialize';
import { REQUEST_ID_HEADER } from '../../src/protocol';
import { judgeAnswer } from './contract-judge';
import { alternativesOf, flattenSchema, SchemaArbitraries } from './schema-arbitrary';

/** Who sends a request: the merchant's key, a visitor, a second visitor, the fixture member, or no one. */
export type FuzzIdentity = 'merchant' | 'visitor' | 'otherVisitor' | 'member' | 'anonymous';

export interface FuzzCase {
  readonly operationId: string;
  readonly mutations: readonly string[];
  readonly method: string;
  /** Path and query; in a flow, `CREATED` stands for the id of the entity its first step made. */
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly identity: FuzzIdentity;
  readonly body: string | undefined;
}

/** Requests sent one after the other: a single case, or a flow on the entity its first step makes. */
export interface FuzzUnit {
  readonly steps: readonly FuzzCase[];
}

export interface FuzzOptions {
  /** Who sends the single cases (flows choose their own identities). Default: the merchant. */
  readonly identity?: 'merchant' | 'visitor' | 'member';
}

type Failure = { readonly testCase: FuzzCase; readonly status: number; readonly body: string };

export interface FuzzReport {
  readonly sent: number;
  readonly byStatus: Record<string, number>;
  /** Answers with a 5xx status. */
  readonly serverErrors: Failure[];
  /** 4xx answers that are not in the platform's error body or lack the request id. */
  readonly foreignBodies: Failure[];
  /** Operation answers whose status the operation does not declare. */
  readonly undeclaredStatuses: (Failure & { readonly code: string | undefined })[];
  /** Application errors whose code the operation does not declare for their status. */
  readonly undeclaredCodes: (Failure & { readonly code: string; readonly declared: readonly string[] })[];
  /** Answers given before an operation is known (no route, 405, the transport's 408, 413 and 431): not judged. */
  readonly transportAnswers: number;
  /** How many requests sent carried each mutation (`past-bound`, `list after writes`...). */
  readonly mutationCounts: Record<string, number>;
  /** Requests that got no answer at all (connection refused, reset, time-out). */
  readonly crashes: { readonly testCase: FuzzCase; readonly error: string }[];
  readonly durationMs: number;
}

/** Where a flow's path names the entity its first step made. */
export const CREATED = '__created__';

/** mulberry32: small, fast, seedable. */
const random = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

type Path = readonly (string | number)[];

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const leafPaths = (value: Json, at: Path = [], out: Path[] = []): Path[] => {
  out.push(at);
  if (Array.isArray(value)) value.forEach((item, i) => leafPaths(item, [...at, i], out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) leafPaths(item, [...at, key], out);
  return out;
};

const getAt = (value: Json, path: Path): Json | undefined =>
  path.reduce<Json | undefined>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, Json>)[key as string] : undefined),
    value,
  );

const setAt = (value: Json, path: Path, replacement: Json | undefined): Json => {
  if (path.length === 0) return replacement ?? null;
  const copy = structuredClone(value) as Record<string | number, Json>;
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = replacement;
  return copy;
};

/** An object of a body held to an either-or rule: the keys each branch of its `oneOf` / `anyOf` requires. */
interface EitherOrSite {
  readonly path: Path;
  readonly branches: readonly { readonly required: readonly string[]; readonly properties: JsonObject }[];
}

/** Every either-or rule a body's schema puts on the objects its example holds (the body itself and nested ones). */
const eitherOrSites = (
  doc: BundledDocument,
  schema: Json | undefined,
  value: Json | undefined,
  path: Path = [],
  out: EitherOrSite[] = [],
): EitherOrSite[] => {
  if (path.length > 8 || !isObject(schema)) return out;
  const flat = flattenSchema(doc, schema);
  const alternatives = alternativesOf(doc, flat);
  const branches = alternatives?.branches.map((branch) => ({
    required: Array.isArray(branch.required) ? branch.required.filter((r): r is string => typeof r === 'string') : [],
    properties: isObject(branch.properties) ? branch.properties : {},
  }));
  if (branches && branches.length > 1 && branches.every((branch) => branch.required.length > 0) && isObject(value ?? {}))
    out.push({ path, branches });
  if (Array.isArray(value) && value.length > 0) eitherOrSites(doc, flat.items, value[0], [...path, 0], out);
  else if (isObject(value) && isObject(flat.properties)) {
    for (const [key, item] of Object.entries(value)) eitherOrSites(doc, flat.properties[key], item, [...path, key], out);
  }
  return out;
};

/** A field of a body that states a bound (length, item count, number range, format), and its schema. */
interface BoundSite {
  readonly path: Path;
  readonly schema: JsonObject;
}

const BOUND_KEYWORDS = [
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'format',
];

/**
 * Every field of the body the schema bounds: the example's own fields, and the fields its objects leave out (a
 * write must take or refuse those at their bounds too).
 */
const boundSites = (
  doc: BundledDocument,
  schema: Json | undefined,
  value: Json | undefined,
  path: Path = [],
  out: BoundSite[] = [],
): BoundSite[] => {
  if (path.length > 6 || !isObject(schema)) return out;
  const flat = flattenSchema(doc, schema);
  if (path.length > 0 && BOUND_KEYWORDS.some((keyword) => flat[keyword] !== undefined)) out.push({ path, schema: flat });
  if (isObject(flat.items) || flat.items !== undefined) {
    if (Array.isArray(value) && value.length > 0) boundSites(doc, flat.items, value[0], [...path, 0], out);
  }
  if (isObject(flat.properties) && (value === undefined || isObject(value))) {
    for (const [key, property] of Object.entries(flat.properties)) {
      if (isObject(property) && flattenSchema(doc, property).readOnly === true) continue;
      const item = isObject(value) ? value[key] : undefined;
      // A field the example leaves out is bounded alone; its own nested fields are not walked.
      if (item === undefined && path.length > 0 && !isObject(value)) continue;
      boundSites(doc, property, item, [...path, key], out);
    }
  }
  return out;
};

/** Values of a format that keep it at its edge, and that break it. */
const FORMAT_VALUES: Readonly<Record<string, readonly [Json, Json]>> = {
  'date-time': ['9999-12-31T23:59:59.999Z', '2026-02-30T25:61:00Z'],
  date: ['9999-12-31', '2026-02-30'],
  uuid: ['ffffffff-ffff-4fff-bfff-ffffffffffff', '00000000-0000-0000-0000-00000000000g'],
  uri: [`https://example.com/${'a'.repeat(2000)}`, 'not a uri'],
  email: [`${'a'.repeat(64)}@example.com`, 'no-at-sign.example.com'],
};

/** A value at the field's bound (`past` false) or just past it, for one bound the schema states. */
const boundValue = (site: BoundSite, current: Json | undefined, past: boolean, pick: <T>(items: readonly T[]) => T): Json | undefined => {
  const { schema } = site;
  const choices: Json[] = [];
  const text = (length: number): string => 'b'.repeat(Math.max(0, length));
  const items = (count: number): Json[] => {
    const first = Array.isArray(current) && current.length > 0 ? current[0] : '';
    return Array.from({ length: Math.max(0, count) }, () => structuredClone(first) as Json);
  };
  const num = (key: string): number | undefined => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const step = schema.type === 'integer' ? 1 : 0.5;
  const maxLength = num('maxLength');
  const minLength = num('minLength');
  const maxItems = num('maxItems');
  const minItems = num('minItems');
  const maximum = num('maximum');
  const minimum = num('minimum');
  if (maxLength !== undefined) choices.push(text(past ? maxLength + 1 : maxLength));
  if (minLength !== undefined && minLength > 0) choices.push(text(past ? minLength - 1 : minLength));
  if (maxItems !== undefined) choices.push(items(past ? maxItems + 1 : maxItems));
  if (minItems !== undefined && minItems > 0) choices.push(items(past ? minItems - 1 : minItems));
  if (maximum !== undefined) choices.push(past ? maximum + step : maximum);
  if (minimum !== undefined) choices.push(past ? minimum - step : minimum);
  const exclusiveMaximum = num('exclusiveMaximum');
  if (exclusiveMaximum !== undefined) choices.push(past ? exclusiveMaximum : exclusiveMaximum - step);
  const exclusiveMinimum = num('exclusiveMinimum');
  if (exclusiveMinimum !== undefined) choices.push(past ? exclusiveMinimum : exclusiveMinimum + step);
  const format = typeof schema.format === 'string' ? FORMAT_VALUES[schema.format] : undefined;
  if (format) choices.push(past ? format[1] : format[0]);
  return choices.length > 0 ? pick(choices) : undefined;
};

const BAD_ESCAPES = ['%ff', '%ED%A0%80', '%', '%zz', '%C0%AF', '..%2F..%2F', '%00'];
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '😀'.repeat(50),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'NOT_AN_ENUM_VALUE',
  '\\u0000\\',
  '%s%n',
];
const ODD_NUMBERS = [-1, 0, -0, 1e308, -1e308, 2 ** 53 + 1, 0.1, 1e-320];
/** Mutations of a value of the example body. */
const VALUE_MUTATIONS = ['wrong-type', 'null', 'bad-enum', 'extra-key', 'odd-number', 'odd-string', 'at-bound', 'past-bound'] as const;
/** Mutations of the body as sent, for any method that sends one. */
const BODY_MUTATIONS = ['deep-nesting', 'malformed-json', 'content-type', 'not-object', 'no-body', 'empty-body', 'null-body'] as const;
const ANY_MUTATIONS = ['huge-string', 'drop-key', 'bad-escape', 'bad-query', 'no-auth'] as const;
type Mutation = (typeof VALUE_MUTATIONS)[number] | (typeof BODY_MUTATIONS)[number] | (typeof ANY_MUTATIONS)[number] | 'either-or';
const FOLLOW_UP_IDENTITIES: readonly FuzzIdentity[] = ['visitor', 'otherVisitor', 'member', 'merchant'];

/** An entity an operation makes and the operations on it by id: `POST /v1/products` and `/v1/products/{id}/...`. */
interface EntityKind {
  readonly create: Operation;
  readonly param: string;
  readonly followUps: readonly Operation[];
  readonly remove: Operation | undefined;
}

const entityKinds = (operations: readonly Operation[]): EntityKind[] =>
  operations
    .filter((operation) => operation.method === 'POST' && !operation.path.includes('{'))
    .flatMap((create) => {
      const followUps = operations.filter((operation) => {
        const match = /^\/\{([^}]+)\}(\/[^{}]*)?$/.exec(operation.path.slice(create.path.length));
        return operation.path.startsWith(`${create.path}/`) && match !== null;
      });
      const param = /\{([^}]+)\}/.exec(followUps[0]?.path ?? '')?.[1];
      if (!param) return [];
      const remove = followUps.find((operation) => operation.method === 'DELETE' && operation.path === `${create.path}/{${param}}`);
      return [{ create, param, followUps, remove }];
    });

interface Catalogue {
  readonly operations: readonly Operation[];
  readonly documents: ReadonlyMap<string, BundledDocument>;
  readonly arbitraries: ReadonlyMap<BundledDocument, SchemaArbitraries>;
}

let catalogue: Catalogue | undefined;

const catalogueOf = (): Catalogue => {
  if (catalogue) return catalogue;
  const documents = new Map<string, BundledDocument>();
  const arbitraries = new Map<BundledDocument, SchemaArbitraries>();
  const operations = FAMILIES.flatMap((family) => {
    const doc = loadDocument(family);
    arbitraries.set(doc, new SchemaArbitraries(doc));
    return listOperations(family, doc).map((operation) => {
      documents.set(operation.operationId, doc);
      return operation;
    });
  });
  catalogue = { operations, documents, arbitraries };
  return catalogue;
};

const bodySchemaOf = (operation: Operation): JsonObject | undefined => operation.requestBody?.content?.['application/json']?.schema;

interface CaseInput {
  readonly operation: Operation;
  readonly identity: FuzzIdentity;
  readonly n: number;
  /** How many random mutations (0 in a flow's plain steps). */
  readonly rounds: number;
  readonly labels?: readonly string[];
  /** The path parameter that names the flow's entity. */
  readonly entityParam?: string;
  /** Makes the body unique where the mock refuses a second equal one (e-mail addresses). */
  readonly unique?: boolean;
}

const uniqueEmails = (value: Json, n: number): Json => {
  if (Array.isArray(value)) return value.map((item) => uniqueEmails(item, n));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      typeof item === 'string' && /email/i.test(key) && item.includes('@') ? `fuzz${n}.${item}` : uniqueEmails(item, n),
    ]),
  );
};

const buildCase = (next: () => number, input: CaseInput): FuzzCase => {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const { operation, n } = input;
  const { documents, arbitraries } = catalogueOf();
  const doc = documents.get(operation.operationId) as BundledDocument;
  const example = exampleRequest(operation);
  let body: Json | undefined = example.body === undefined ? undefined : structuredClone(example.body);
  if (input.unique && body !== undefined) body = uniqueEmails(body, n);
  let rawBody: string | undefined;
  const pathParams: Record<string, string> = Object.fromEntries(Object.entries(example.path).map(([k, v]) => [k, encodeURIComponent(v)]));
  if (input.entityParam) pathParams[input.entityParam] = CREATED;
  const query: Record<string, Json> = { ...example.query };
  let rawQuery = '';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  let identity = input.identity;
  const mutations: string[] = [...(input.labels ?? [])];
  const sendsBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  // Only mutations that change something: a body value needs an example body, either-or a rule to break.
  const applicable: readonly Mutation[] = [
    ...ANY_MUTATIONS,
    ...(sendsBody ? BODY_MUTATIONS : []),
    ...(sendsBody && body !== undefined ? VALUE_MUTATIONS.filter((m) => !m.endsWith('bound')) : []),
    ...(sendsBody && boundSites(doc, bodySchemaOf(operation), body ?? {}).length > 0 ? (['at-bound', 'past-bound'] as const) : []),
    ...(sendsBody && eitherOrSites(doc, bodySchemaOf(operation), body).length > 0 ? (['either-or'] as const) : []),
  ];
  for (let round = 0; round < input.rounds; round += 1) {
    const kind = pick(applicable);
    mutations.push(kind);
    const target = body === undefined ? undefined : pick(leafPaths(body));
    switch (kind) {
      case 'wrong-type':
        if (body !== undefined && target) {
          const current = getAt(body, target);
          body = setAt(
            body,
            target,
            typeof current === 'string'
              ? 12345
              : typeof current === 'number'
                ? 'twelve'
                : Array.isArray(current)
                  ? { not: 'an array' }
                  : typeof current === 'object' && current
                    ? ['not', 'an object']
                    : { unexpected: true },
          );
        }
        break;
      case 'null':
        if (body !== undefined && target) body = setAt(body, target, null);
        break;
      case 'huge-string':
        if (body !== undefined && target) body = setAt(body, target, 'x'.repeat(1000 + Math.floor(next() * 200_000)));
        else query[`q${n}`] = 'y'.repeat(1000 + Math.floor(next() * 30_000));
        break;
      case 'bad-enum':
        if (body !== undefined && target) body = setAt(body, target, 'NOT_A_VALUE_OF_THIS_ENUM');
        break;
      case 'extra-key':
        if (body !== undefined && target) {
          const node = getAt(body, target);
          if (isObject(node)) body = setAt(body, target, { ...node, [`unexpected${n}`]: 'value' });
        }
        break;
      case 'drop-key':
        if (body !== undefined && target && target.length > 0) body = setAt(body, target, undefined);
        else {
          const name = Object.keys(query)[0];
          if (name) delete query[name];
        }
        break;
      case 'deep-nesting': {
        const depth = 50 + Math.floor(next() * 20_000);
        rawBody = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
        break;
      }
      case 'malformed-json':
        rawBody = pick([
          '{',
          '{"a":',
          '{"a":1,}',
          "{'a':1}",
          'nul',
          '{"a":"\\x41"}',
          '{"a":"\\ud800"}',
          `${JSON.stringify(body ?? {})}garbage`,
        ]);
        break;
      case 'bad-escape': {
        const names = Object.keys(pathParams).filter((name) => name !== input.entityParam);
        if (names.length > 0) pathParams[pick(names)] = pick(BAD_ESCAPES);
        else rawQuery = `${pick(Object.keys(query).concat(['x']))}=${pick(BAD_ESCAPES)}`;
        break;
      }
      case 'bad-query': {
        const name = pick(Object.keys(query).concat(['query.paging.limit', 'unknown']));
        query[name] = pick(['abc', '-1', '1e400', '', 'true', '99999999999999999999', ['a', 'b', 'c']] as Json[]);
        break;
      }
      case 'odd-number':
        if (body !== undefined && target) body = setAt(body, target, pick(ODD_NUMBERS));
        break;
      case 'odd-string':
        if (body !== undefined && target) body = setAt(body, target, pick(ODD_STRINGS));
        break;
      case 'at-bound':
      case 'past-bound': {
        const sites = boundSites(doc, bodySchemaOf(operation), body ?? {});
        if (sites.length === 0) break;
        const site = pick(sites);
        const value = boundValue(site, getAt(body ?? {}, site.path), kind === 'past-bound', pick);
        if (value !== undefined) {
          mutations.push(site.path.join('.'));
          body = setAt(body ?? {}, site.path, value);
        }
        break;
      }
      case 'no-auth':
        identity = 'anonymous';
        break;
      case 'content-type':
        headers['content-type'] = pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          'garbage',
        ]);
        break;
      case 'not-object':
        body = pick([[], 'text', 42, null, true] as Json[]);
        break;
      case 'no-body':
        body = undefined;
        rawBody = undefined;
        break;
      case 'empty-body':
        rawBody = '';
        break;
      case 'null-body':
        rawBody = 'null';
        break;
      case 'either-or': {
        const sites = eitherOrSites(doc, bodySchemaOf(operation), body);
        if (sites.length === 0) break;
        const site = pick(sites);
        const object = getAt(body ?? {}, site.path);
        const keys = site.branches.flatMap((branch) => branch.required);
        if (next() < 0.5) {
          mutations.push('neither');
          body = setAt(
            body ?? {},
            site.path,
            Object.fromEntries(Object.entries(isObject(object) ? object : {}).filter(([key]) => !keys.includes(key))),
          );
        } else {
          mutations.push('both');
          const filled: JsonObject = { ...(isObject(object) ? object : {}) };
          for (const branch of site.branches) {
            for (const key of branch.required) {
              if (key in filled) continue;
              const arbitrary = (arbitraries.get(doc) as SchemaArbitraries).of(branch.properties[key]);
              filled[key] = fc.sample(arbitrary, { seed: Math.floor(next() * 2 ** 31), numRuns: 1 })[0] as Json;
            }
          }
          body = setAt(body ?? {}, site.path, filled);
        }
        break;
      }
    }
  }
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => pathParams[name] ?? 'x');
  const search = [serializeQuery(query as Record<string, unknown>), rawQuery].filter(Boolean).join('&');
  return {
    operationId: operation.operationId,
    mutations,
    method: operation.method,
    target: `${path}${search ? `?${search}` : ''}`,
    headers,
    identity,
    body: sendsBody ? (rawBody ?? (body === undefined ? undefined : JSON.stringify(body))) : undefined,
  };
};

/**
 * A flow on one entity: made by a visitor (or the merchant, where only the merchant may make it), then either
 * used by other identities, or deleted and used again by its maker.
 */
const buildFlow = (next: () => number, kind: EntityKind, n: number): FuzzCase[] => {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const access = SERVICES.operations[kind.create.operationId]?.access;
  const maker: FuzzIdentity = access === 'merchant' ? 'merchant' : 'visitor';
  const steps = [buildCase(next, { operation: kind.create, identity: maker, n, rounds: 0, labels: [`create as ${maker}`], unique: true })];
  const followUps = 1 + Math.floor(next() * 3);
  const deleted = kind.remove !== undefined && next() < 0.4;
  if (deleted && kind.remove)
    steps.push(
      buildCase(next, { operation: kind.remove, identity: maker, n, rounds: 0, labels: [`delete as ${maker}`], entityParam: kind.param }),
    );
  for (let step = 0; step < followUps; step += 1) {
    const identity = deleted ? maker : pick(FOLLOW_UP_IDENTITIES);
    const label = deleted ? 'after delete' : `${maker}'s, as ${identity}`;
    steps.push(buildCase(next, { operation: pick(kind.followUps), identity, n, rounds: 0, labels: [label], entityParam: kind.param }));
  }
  return steps;
};

/** `count` requests: single mutated cases, and about one in five in flows on one entity. */
export const buildCases = (count: number, seed = 1, options: FuzzOptions = {}): FuzzUnit[] => {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const { operations } = catalogueOf();
  const kinds = entityKinds(operations);
  const identity = options.identity ?? 'merchant';
  const units: FuzzUnit[] = [];
  let total = 0;
  for (let n = 0; total < count; n += 1) {
    const steps =
      kinds.length > 0 && next() < 0.08
        ? buildFlow(next, pick(kinds), n)
        : [buildCase(next, { operation: pick(operations), identity, n, rounds: 1 + Math.floor(next() * 2) })];
    const kept = steps.slice(0, count - total);
    units.push({ steps: kept });
    total += kept.length;
  }
  return units;
};

/** True when a failed answer is in the platform's error body. */
export const isPlatformErrorBody = (text: string): boolean => {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof body !== 'object' || body === null) return false;
  const { message, details } = body as {
    message?: unknown;
    details?: { validationError?: { fieldViolations?: unknown }; applicationError?: { code?: unknown; description?: unknown } };
  };
  if (typeof message !== 'string' || typeof details !== 'object' || details === null) return false;
  const violations = details.validationError?.fieldViolations;
  if (Array.isArray(violations)) {
    return (
      violations.length > 0 &&
      violations.every((v: { field?: unknown; description?: unknown }) => typeof v.field === 'string' && typeof v.description === 'string')
    );
  }
  return typeof details.applicationError?.code === 'string' && typeof details.applicationError.description === 'string';
};

const FIXTURE_MEMBER = '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182';
const FUZZ_CLIENT_ID = '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f';
const TRANSPORT_STATUSES = new Set([408, 413, 431]);
/** The mock's header naming the session a request works in. */
const SESSION_HEADER = 'x-mock-session';

const mintToken = async (baseUrl: string, session: string, body: JsonObject, headers: Record<string, string> = {}): Promise<string> => {
  const response = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SESSION_HEADER]: session, ...headers },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`fuzz: no token for ${JSON.stringify(body)}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
};

/** The Authorization header of each identity: the API key, two visitors' tokens and the fixture member's. */
export const fuzzCredentials = async (baseUrl: string, session: string): Promise<Record<FuzzIdentity, string | undefined>> => ({
  merchant: API_KEY,
  visitor: await mintToken(baseUrl, session, { grantType: 'anonymous', clientId: FUZZ_CLIENT_ID }),
  otherVisitor: await mintToken(baseUrl, session, { grantType: 'anonymous', clientId: FUZZ_CLIENT_ID }),
  member: await mintToken(baseUrl, session, { grant_type: 'authorized_client', member_id: FIXTURE_MEMBER }, { authorization: API_KEY }),
  anonymous: undefined,
});

/** The id of the entity an answer holds: `{ "product": { "id": ... } }`. */
const createdId = (text: string): string | undefined => {
  try {
    const body = JSON.parse(text) as unknown;
    if (!isObject(body)) return undefined;
    const entity = Object.values(body).find((value) => isObject(value) && typeof value.id === 'string');
    return isObject(entity) ? String(entity.id) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Sends the units to the mock, `concurrency` units at a time (a unit's steps in order), and judges every answer.
 * A run works in a session of its own, which starts from the default fixture: what an earlier run deleted (the
 * fixture member, say) is there again, and a mock someone else uses keeps its own sessions as they were.
 */
export const runFuzz = async (baseUrl: string, units: readonly FuzzUnit[], concurrency = 8): Promise<FuzzReport> => {
  const started = performance.now();
  const session = `fuzz-${globalThis.crypto.randomUUID()}`;
  const credentials = await fuzzCredentials(baseUrl, session);
  const { operations } = catalogueOf();
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const router = new MockRouter(MOCK_FAMILIES);
  const report = {
    sent: 0,
    byStatus: {} as Record<string, number>,
    serverErrors: [] as FuzzReport['serverErrors'],
    foreignBodies: [] as FuzzReport['foreignBodies'],
    undeclaredStatuses: [] as FuzzReport['undeclaredStatuses'],
    undeclaredCodes: [] as FuzzReport['undeclaredCodes'],
    transportAnswers: 0,
    mutationCounts: {} as Record<string, number>,
    crashes: [] as FuzzReport['crashes'],
  };
  const counted = (testCase: FuzzCase) => {
    report.sent += 1;
    for (const mutation of new Set(testCase.mutations)) report.mutationCounts[mutation] = (report.mutationCounts[mutation] ?? 0) + 1;
  };
  const judge = (testCase: FuzzCase, target: string, status: number, text: string) => {
    const operation = byId.get(testCase.operationId) as Operation;
    const route = router.route(testCase.method, target.split('?')[0] ?? target);
    if (TRANSPORT_STATUSES.has(status) || route.kind !== 'operation' || route.operation.operationId !== testCase.operationId) {
      report.transportAnswers += 1;
      return;
    }
    const body = text.slice(0, 2000);
    const verdict = judgeAnswer(operation, status, text);
    if (verdict.kind === 'server-error') report.serverErrors.push({ testCase, status, body });
    else if (verdict.kind === 'undeclared-status') report.undeclaredStatuses.push({ testCase, status, body, code: verdict.code });
    else if (verdict.kind === 'undeclared-code')
      report.undeclaredCodes.push({ testCase, status, body, code: verdict.code, declared: verdict.declared });
  };
  let index = 0;
  const worker = async () => {
    while (index < units.length) {
      const unit = units[index] as FuzzUnit;
      index += 1;
      let created: string | undefined;
      for (const [step, testCase] of unit.steps.entries()) {
        counted(testCase);
        const target = testCase.target.replace(CREATED, encodeURIComponent(created ?? globalThis.crypto.randomUUID()));
        const authorization = credentials[testCase.identity];
        try {
          const response = await fetch(`${baseUrl}${target}`, {
            method: testCase.method,
            headers: { ...testCase.headers, [SESSION_HEADER]: session, ...(authorization && { authorization }) },
            body: testCase.body,
            redirect: 'manual',
            signal: AbortSignal.timeout(15_000),
          });
          const text = await response.text();
          if (step === 0 && unit.steps.length > 1) created = createdId(text);
          report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
          if (response.status >= 400 && response.status < 500 && (!isPlatformErrorBody(text) || !response.headers.get(REQUEST_ID_HEADER))) {
            report.foreignBodies.push({ testCase, status: response.status, body: text.slice(0, 2000) });
          }
          judge(testCase, target, response.status, text);
        } catch (error) {
          report.crashes.push({ testCase, error: String((error as Error).cause ?? error) });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  // Then every list, as each identity: a write that stored what a read refuses shows here as a 5xx.
  for (const testCase of listReads()) {
    counted(testCase);
    const authorization = credentials[testCase.identity];
    try {
      const response = await fetch(`${baseUrl}${testCase.target}`, {
        method: testCase.method,
        headers: { ...testCase.headers, [SESSION_HEADER]: session, ...(authorization && { authorization }) },
        body: testCase.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
      judge(testCase, testCase.target, response.status, text);
    } catch (error) {
      report.crashes.push({ testCase, error: String((error as Error).cause ?? error) });
    }
  }
  return { ...report, durationMs: performance.now() - started };
};

/** The identities a run's closing reads are sent as. */
const READERS: readonly FuzzIdentity[] = ['merchant', 'visitor', 'member'];

/**
 * Every list read (a GET with no path parameter, or a query or search POST with its example body), as the
 * merchant, a visitor and the member: what the run's writes stored must be answerable to each.
 */
export const listReads = (): FuzzCase[] =>
  catalogueOf()
    .operations.filter(
      (operation) =>
        !operation.path.includes('{') &&
        (operation.method === 'GET' || (operation.method === 'POST' && /^(query|search|list)/.test(operation.operationId))),
    )
    .flatMap((operation) => {
      const example = exampleRequest(operation);
      const search = serializeQuery(example.query as Record<string, unknown>);
      return READERS.map((identity) => ({
        operationId: operation.operationId,
        mutations: ['list after writes'],
        method: operation.method,
        target: `${operation.path}${search ? `?${search}` : ''}`,
        headers: { 'content-type': 'application/json' },
        identity,
        body: operation.method === 'POST' ? JSON.stringify(example.body ?? {}) : undefined,
      }));
    });

/** One line per failure kind for a report: `undeclared code 404 getCurrentCart NOT_FOUND (declared: OWNED_CART_NOT_FOUND) [drop-key]`. */
export const describeFailures = (report: FuzzReport, limit = 10): string[] => {
  const where = (testCase: FuzzCase) => `${testCase.operationId} as ${testCase.identity} [${testCase.mutations.join('+')}]`;
  return [
    ...report.crashes
      .slice(0, limit)
      .map((c) => `crash ${c.testCase.method} ${c.testCase.target.slice(0, 120)} ${where(c.testCase)}: ${c.error}`),
    ...report.serverErrors.slice(0, limit).map((e) => `${e.status} ${where(e.testCase)}: ${e.body.slice(0, 200)}`),
    ...report.foreignBodies.slice(0, limit).map((e) => `foreign body ${e.status} ${where(e.testCase)}: ${e.body.slice(0, 200)}`),
    ...report.undeclaredStatuses.slice(0, limit).map((e) => `undeclared status ${e.status} ${e.code ?? ''} ${where(e.testCase)}`),
    ...report.undeclaredCodes
      .slice(0, limit)
      .map((e) => `undeclared code ${e.status} ${e.code} (declared: ${e.declared.join(', ') || 'none'}) ${where(e.testCase)}`),
  ];
};
