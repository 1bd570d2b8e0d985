import { describe, expect, it } from 'vitest';
import { readDocuments } from '../../mock/node/read-documents';
import { loadPrism } from '../../mock/prism/load-prism';
import { prismOperations } from '../../mock/prism/prism-operations';
import { RequestValidator } from '../../mock/validation/request-validator';
import { SchemaCompilers } from '../../mock/validation/schema-compilers';
import { FAMILIES, listOperations, type Operation } from '../../spec-model/document';
import { exampleRequest } from '../../spec-model/examples';
import type { Json } from '../../spec-model/json';
import { loadDocument } from '../../spec-model/load';

// The mock validates requests itself, from the spec's schemas; Prism is the reference. On a shared corpus (each
// operation's example request, and that request mutated: wrong types, missing required fields, values out of
// an enum, too long, too small, bad formats) both must give the same verdict, valid or invalid, per request.
// The `.r` message is left out: Prism does not decode contentEncoding, the mock does (README, "The mock").
interface Case {
  readonly operation: Operation;
  readonly label: string;
  readonly path: Record<string, string>;
  readonly query: Record<string, string | string[]>;
  readonly body: Json | undefined;
}

const random = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
};

type Path = (string | number)[];
const leaves = (value: Json, at: Path = []): Path[] =>
  Array.isArray(value)
    ? value.flatMap((item, index) => leaves(item, [...at, index]))
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, item]) => leaves(item, [...at, key]))
      : [at];

const setAt = (value: Json, path: Path, next: Json | undefined): Json => {
  const copy = structuredClone(value) as Record<string | number, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path[path.length - 1] as string | number;
  if (next === undefined) delete node[last];
  else node[last] = next;
  return copy;
};

const MUTATIONS: readonly [string, (leaf: Json) => Json | undefined][] = [
  ['number for text', (leaf) => (typeof leaf === 'string' ? 12345 : 'not a number')],
  ['not an enum value', () => 'NOT_AN_ENUM_VALUE'],
  ['too long', (leaf) => (typeof leaf === 'string' ? 'x'.repeat(20_000) : leaf)],
  ['too small', (leaf) => (typeof leaf === 'number' ? -1_000_000_000 : leaf)],
  ['bad format', (leaf) => (typeof leaf === 'string' ? 'not-a-uuid or date' : leaf)],
  ['null', () => null],
  ['removed', () => undefined],
];

const text = (value: Json): string | string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'object' ? JSON.stringify(value) : String(value);

const buildCorpus = (): Case[] => {
  const next = random(20261123);
  const cases: Case[] = [];
  for (const family of FAMILIES) {
    for (const operation of listOperations(family, loadDocument(family))) {
      const example = exampleRequest(operation);
      const query = Object.fromEntries(
        Object.entries(example.query)
          .filter(([name]) => name !== '.r')
          .map(([name, value]) => [name, text(value)]),
      );
      if (Object.keys(example.query).includes('.r')) query['.r'] = text(example.query['.r'] as Json);
      cases.push({ operation, label: 'example', path: example.path, query, body: example.body });
      if (example.body !== undefined) {
        const paths = leaves(example.body).filter((path) => path.length > 0);
        for (const [name, mutate] of MUTATIONS) {
          const path = paths[Math.floor(next() * paths.length)];
          if (!path) continue;
          const leaf = path.reduce<Json>((node, key) => (node as Record<string | number, Json>)[key] as Json, example.body);
          cases.push({
            operation,
            label: `body ${path.join('.')}: ${name}`,
            path: example.path,
            query,
            body: setAt(example.body, path, mutate(leaf)),
          });
        }
        // A required top-level field left out.
        cases.push({ operation, label: 'empty body', path: example.path, query, body: {} });
      }
      for (const name of Object.keys(query).filter((key) => key !== '.r')) {
        const bad = { ...query, [name]: 'NOT_A_VALID_VALUE' };
        cases.push({ operation, label: `query ${name}: bad value`, path: example.path, query: bad, body: example.body });
      }
    }
  }
  return cases;
};

const documents = readDocuments();
const compilers = new SchemaCompilers();
const ours = Object.fromEntries(FAMILIES.map((family) => [family, new RequestValidator(compilers, family, documents[family])])) as Record<
  string,
  RequestValidator
>;
const prism = loadPrism();
const resources = new Map<string, unknown>();
for (const family of FAMILIES) for (const [id, resource] of prismOperations(prism, documents[family])) resources.set(id, resource);

const concretePath = (operation: Operation, params: Record<string, string>): string =>
  operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

const verdicts = (testCase: Case) => {
  const { operation, query, body, path } = testCase;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  const mine = ours[operation.family]?.validate(operation.operationId, { pathParams: path, search, headers: {}, body });
  const serialized = body === undefined ? '' : JSON.stringify(body);
  const theirs = prism.validateInput({
    resource: resources.get(operation.operationId),
    element: {
      method: operation.method.toLowerCase(),
      url: { path: concretePath(operation, path), query },
      headers: { 'content-type': 'application/json', 'content-length': String(serialized.length) },
      ...(body !== undefined && { body }),
    },
  });
  const prismValid = theirs._tag === 'Right' || theirs.left.every((diagnostic) => diagnostic.severity !== 0);
  return { mock: mine?.ok === true, prism: prismValid, why: theirs._tag === 'Left' ? theirs.left.map((d) => d.message).join('; ') : '' };
};

describe('request validation: the mock and Prism agree', () => {
  const corpus = buildCorpus();

  it('has a corpus of both valid and invalid requests for every operation', () => {
    const results = corpus.map(verdicts);
    expect(new Set(corpus.map((c) => c.operation.operationId)).size).toBe(144);
    expect(results.filter((r) => r.prism).length).toBeGreaterThan(200);
    expect(results.filter((r) => !r.prism).length).toBeGreaterThan(300);
  });

  it('gives the same valid/invalid verdict on every request of the corpus', () => {
    const disagreements = corpus
      .map((testCase) => ({ testCase, ...verdicts(testCase) }))
      .filter((result) => result.mock !== result.prism)
      .map(
        (result) =>
          `${result.testCase.operation.operationId} ${result.testCase.label}: mock ${result.mock ? 'valid' : 'invalid'}, Prism ${result.prism ? 'valid' : 'invalid'} ${result.why.slice(0, 200)}`,
      );
    expect(disagreements).toEqual([]);
  });
});
