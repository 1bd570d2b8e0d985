// A fuzzer built from the spec's own operations: each case is an operation's example request, mutated (wrong
// types, nulls, huge strings, bad escapes, bad enum values, extra and missing keys, malformed or deeply nested
// JSON, bad query values, no credentials, wrong content type), sent to a running mock. Seeded: a run repeats.

import { DEFAULT_API_KEY as API_KEY } from '../../mock/engine/identity';
import { FAMILIES, listOperations, type Operation } from '../../spec-model/document';
import { exampleRequest } from '../../spec-model/examples';
import type { Json, JsonObject } from '../../spec-model/json';
import { loadDocument } from '../../spec-model/load';
import { serializeQuery } from '../../src/client/serialize';
import { REQUEST_ID_HEADER } from '../../src/protocol';

export interface FuzzCase {
  readonly operationId: string;
  readonly mutations: readonly string[];
  readonly method: string;
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

export interface FuzzReport {
  readonly sent: number;
  readonly byStatus: Record<string, number>;
  /** Answers with a 5xx status. */
  readonly serverErrors: { readonly testCase: FuzzCase; readonly status: number; readonly body: string }[];
  /** 4xx answers that are not in the platform's error body or lack the request id. */
  readonly foreignBodies: { readonly testCase: FuzzCase; readonly status: number; readonly body: string }[];
  /** Requests that got no answer at all (connection refused, reset, time-out). */
  readonly crashes: { readonly testCase: FuzzCase; readonly error: string }[];
  readonly durationMs: number;
}

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

export const buildCases = (count: number, seed = 1): FuzzCase[] => {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const operations: Operation[] = FAMILIES.flatMap((family) => listOperations(family, loadDocument(family)));
  const cases: FuzzCase[] = [];
  for (let n = 0; n < count; n += 1) {
    const operation = pick(operations);
    const example = exampleRequest(operation);
    let body: Json | undefined = example.body === undefined ? undefined : structuredClone(example.body);
    let rawBody: string | undefined;
    const pathParams: Record<string, string> = Object.fromEntries(Object.entries(example.path).map(([k, v]) => [k, encodeURIComponent(v)]));
    const query: Record<string, Json> = { ...example.query };
    let rawQuery = '';
    // The merchant's key reaches every operation but the member's own; no-credential cases drop it.
    const headers: Record<string, string> = { authorization: API_KEY, 'content-type': 'application/json' };
    const mutations: string[] = [];
    const rounds = 1 + Math.floor(next() * 2);
    for (let round = 0; round < rounds; round += 1) {
      const kind = pick([
        'wrong-type',
        'null',
        'huge-string',
        'bad-enum',
        'extra-key',
        'drop-key',
        'deep-nesting',
        'malformed-json',
        'bad-escape',
        'bad-query',
        'odd-number',
        'odd-string',
        'no-auth',
        'content-type',
        'not-object',
      ] as const);
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
            if (node && typeof node === 'object' && !Array.isArray(node))
              body = setAt(body, target, { ...(node as JsonObject), [`unexpected${n}`]: 'value' });
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
          const names = Object.keys(pathParams);
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
        case 'no-auth':
          delete headers.authorization;
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
      }
    }
    const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => pathParams[name] ?? 'x');
    const search = [serializeQuery(query as Record<string, unknown>), rawQuery].filter(Boolean).join('&');
    const sendsBody = operation.method !== 'GET' && operation.method !== 'DELETE';
    cases.push({
      operationId: operation.operationId,
      mutations,
      method: operation.method,
      target: `${path}${search ? `?${search}` : ''}`,
      headers,
      body: sendsBody ? (rawBody ?? (body === undefined ? undefined : JSON.stringify(body))) : undefined,
    });
  }
  return cases;
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

/** Sends the cases to the mock, `concurrency` at a time, and checks every answer. */
export const runFuzz = async (baseUrl: string, cases: readonly FuzzCase[], concurrency = 8): Promise<FuzzReport> => {
  const started = performance.now();
  const report = {
    sent: 0,
    byStatus: {} as Record<string, number>,
    serverErrors: [] as FuzzReport['serverErrors'],
    foreignBodies: [] as FuzzReport['foreignBodies'],
    crashes: [] as FuzzReport['crashes'],
  };
  let index = 0;
  const worker = async () => {
    while (index < cases.length) {
      const testCase = cases[index] as FuzzCase;
      index += 1;
      report.sent += 1;
      try {
        const response = await fetch(`${baseUrl}${testCase.target}`, {
          method: testCase.method,
          headers: testCase.headers,
          body: testCase.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(15_000),
        });
        const text = await response.text();
        report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
        if (response.status >= 500) report.serverErrors.push({ testCase, status: response.status, body: text.slice(0, 2000) });
        else if (response.status >= 400 && (!isPlatformErrorBody(text) || !response.headers.get(REQUEST_ID_HEADER))) {
          report.foreignBodies.push({ testCase, status: response.status, body: text.slice(0, 2000) });
        }
      } catch (error) {
        report.crashes.push({ testCase, error: String((error as Error).cause ?? error) });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { ...report, durationMs: performance.now() - started };
};
