import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The house is one-way: spec -> generated -> src -> apps. These rules read every import of src/ and generated/.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const files = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true })
    .map(String)
    .filter((name) => /\.(tsx?|mjs)$/.test(name) && !name.startsWith('dist/'))
    .map((name) => join(dir, name));

const resolveImport = (from: string, specifier: string): string => {
  if (!specifier.startsWith('.')) return specifier;
  const base = relative(root, resolve(root, dirname(from), specifier));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      readFileSync(join(root, candidate));
      return candidate;
    } catch {
      // try the next form
    }
  }
  return base;
};

const importsOf = (file: string): string[] =>
  [...readFileSync(join(root, file), 'utf8').matchAll(IMPORT)].map((match) => resolveImport(file, match[1] ?? match[2] ?? ''));

const graph = new Map(
  [...files('src'), ...files('generated'), ...files('mock'), ...files('spec-model'), ...files('scripts'), ...files('docs-site')].map(
    (file) => [file, importsOf(file)],
  ),
);

const reachable = (entry: string): Set<string> => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of graph.get(file) ?? []) visit(next);
  };
  visit(entry);
  return seen;
};

describe('one-way house', () => {
  it('the ground floor (src/operations) and the errors import nothing above them', () => {
    for (const file of [...files('src/operations'), ...files('src/errors')]) {
      const above = (graph.get(file) ?? []).filter((target) => /^src\/(client|auth|react|paging)|^generated/.test(target));
      expect(above, file).toEqual([]);
    }
  });

  it('the runtime (src/client) never imports auth strategies or React', () => {
    for (const file of files('src/client')) {
      const wrong = (graph.get(file) ?? []).filter((target) => /^src\/(auth|react)|^react|^@tanstack/.test(target));
      expect(wrong, file).toEqual([]);
    }
  });

  it('generated code reaches the runtime only through the interfaces it exports', () => {
    const allowed = new Set([
      'src/client/operation-function.ts',
      'src/query/query-options.ts',
      'src/react/operation-hooks.ts',
      'src/operations/operation-meta.ts',
      'src/testing/data-builder.ts',
    ]);
    for (const file of files('generated')) {
      const wrong = (graph.get(file) ?? []).filter((target) => target.startsWith('src/') && !allowed.has(target));
      expect(wrong, file).toEqual([]);
    }
  });

  it('no React-free entry reaches React or React Query (types aside: the query keys name the DataTag type)', () => {
    const isReact = (target: string) => /^react($|\/)|^react-dom|^@tanstack\//.test(target) || target.startsWith('src/react/');
    // Only `import type` may name them: no run time loads it.
    const loaded = (file: string, target: string) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(IMPORT)].some(
        (match) => resolveImport(file, match[1] ?? match[2] ?? '') === target && !/^\s*import type\s/.test(match[0]),
      );
    for (const entry of [
      'src/index.ts',
      'src/commerce.ts',
      'src/platform.ts',
      'src/auth/index.ts',
      'src/events/index.ts',
      'src/testing/index.ts',
    ]) {
      const react = [...reachable(entry)].flatMap((file) =>
        (graph.get(file) ?? []).filter((target) => isReact(target) && loaded(file, target)).map((target) => `${file} -> ${target}`),
      );
      expect(react, entry).toEqual([]);
    }
  });

  it('the events entry is server-side: it reaches neither the client runtime nor the operation functions', () => {
    const reached = [...reachable('src/events/index.ts')].filter((target) =>
      /^src\/(client|auth|paging|react)\/|^generated\/[^/]+\/(functions|hooks|operations)\.ts$/.test(target),
    );
    expect(reached).toEqual([]);
    expect([...reachable('src/events/index.ts')]).toContain('jose');
  });

  it('the React entry does reach React (the rule above can fail)', () => {
    expect([...reachable('src/react/index.ts')]).toContain('@tanstack/react-query');
  });

  it('the stateful engine and its MSW entry reach no Node module (they run in the browser too)', () => {
    const reached = [...reachable('mock/msw/index.ts')];
    expect(reached).toContain('mock/engine/engine.ts');
    expect(reached.filter((target) => /^node:|^(fs|path|url|http|crypto|module|os)$/.test(target))).toEqual([]);
    expect(reached.filter((target) => /^mock\/(node|http|prism|redis)\//.test(target))).toEqual([]);
    expect(reached).not.toContain('ioredis');
  });

  it('the Redis client is reached only by the Redis state, which the Node server loads on demand', () => {
    const importers = [...graph].filter(([, targets]) => targets.includes('ioredis')).map(([file]) => file);
    expect(importers).toEqual(['mock/redis/redis-link.ts']);
  });

  it('the Node server does reach Node modules (the rule above can fail)', () => {
    expect([...reachable('mock/start-mock.ts')].some((target) => target.startsWith('node:'))).toBe(true);
  });
});

// Scripts and the docs site are programs beside each other: neither reaches into a test helper, the docs site
// imports no script, and scripts use the docs site only through its public entry.
describe('scripts and docs-site', () => {
  const DOCS_SITE_ENTRY = 'docs-site/build/index.ts';
  const importsUnder = (dir: string, wrong: (target: string) => boolean): string[] =>
    files(dir).flatMap((file) => (graph.get(file) ?? []).filter(wrong).map((target) => `${file} -> ${target}`));

  it('import no test helper', () => {
    expect(importsUnder('scripts', (target) => target.startsWith('tests/'))).toEqual([]);
    expect(importsUnder('docs-site', (target) => target.startsWith('tests/'))).toEqual([]);
  });

  it('docs-site imports nothing from scripts/', () => {
    expect(importsUnder('docs-site', (target) => target.startsWith('scripts/'))).toEqual([]);
  });

  it('scripts reach docs-site only through its entry', () => {
    expect(importsUnder('scripts', (target) => target.startsWith('docs-site/') && target !== DOCS_SITE_ENTRY)).toEqual([]);
  });

  it('the entry is what scripts do use (the rule above can fail)', () => {
    expect(importsUnder('scripts', (target) => target === DOCS_SITE_ENTRY)).not.toEqual([]);
  });
});

// The contract is read through one door and its wire rules live in one room: spec-model reads the documents (YAML,
// `$ref`s, Ajv) for everyone, and src/protocol holds the names both sides of the wire share.
describe('one contract, one door', () => {
  const CODE_DIRS = ['src', 'mock', 'spec-model', 'scripts', 'docs-site'];
  const codeFiles = (dir: string): string[] =>
    readdirSync(join(root, dir), { recursive: true })
      .map(String)
      .filter((name) => /\.(ts|tsx|mts|mjs|js)$/.test(name) && !name.includes('node_modules') && !name.startsWith('dist'))
      .map((name) => join(dir, name));
  const source = (file: string): string => readFileSync(join(root, file), 'utf8');
  const offenders = (dirs: readonly string[], test: (file: string, text: string) => boolean, except: (file: string) => boolean): string[] =>
    dirs.flatMap(codeFiles).filter((file) => !except(file) && test(file, source(file)));
  // This file spells the forbidden forms out to find them.
  const inSpecModel = (file: string) => file.startsWith('spec-model/') || file === 'tests/unit/layering.test.ts';
  // Reading a reference: `.$ref`, `['$ref']`, `'$ref' in`. Writing one in a schema literal (`{ $ref: ... }`) is fine.
  const walk = /\.\$ref\b|\[\s*['"]\$ref['"]\s*\]|['"]\$ref['"]\s+in\b/;
  const specModelGraph = new Map(files('spec-model').map((file) => [file, importsOf(file)]));

  it('spec-model imports nothing above it: only the ground floor (src/protocol, src/operations) and libraries', () => {
    const above = [...specModelGraph].flatMap(([file, targets]) =>
      targets
        .filter((target) => /^(src|generated|mock|scripts|docs-site|tests)\//.test(target) && !/^src\/(protocol|operations)\//.test(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(above).toEqual([]);
  });

  it('nothing outside spec-model parses YAML', () => {
    const yaml = /(?:from\s+|import\(\s*)['"](?:yaml|@stoplight\/yaml)['"]/;
    expect(offenders(CODE_DIRS, (_file, text) => yaml.test(text), inSpecModel)).toEqual([]);
    expect(offenders(['tests'], (_file, text) => yaml.test(text), inSpecModel)).toEqual([]);
  });

  it('nothing outside spec-model constructs Ajv', () => {
    const ajv = /new\s+Ajv\w*\s*\(|from\s+['"]ajv(?:\/[^'"]*)?['"]/;
    const typeOnly = /^import\s+type\s[^;]*from\s+['"]ajv/m;
    expect(
      offenders([...CODE_DIRS, 'tests'], (_file, text) => ajv.test(text.replace(new RegExp(typeOnly.source, 'gm'), '')), inSpecModel),
    ).toEqual([]);
  });

  it('nothing outside spec-model walks a $ref', () => {
    expect(offenders([...CODE_DIRS, 'tests'], (_file, text) => walk.test(text), inSpecModel)).toEqual([]);
  });

  it('the request-id header is named only in the protocol module (tests may spell the wire out)', () => {
    expect(
      offenders(
        CODE_DIRS,
        (_file, text) => /x-wix-request-id/i.test(text),
        (file) => file.startsWith('src/protocol/'),
      ),
    ).toEqual([]);
  });

  it('tests/support holds helpers, not re-export shims', () => {
    const shim = (text: string) => {
      const statements = text
        .replace(/\/\/.*$/gm, '')
        .split(/;|\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      return statements.length > 0 && statements.every((line) => /^export\s+(\*|\{[^}]*\}|type\s+\{[^}]*\})\s+from\s+['"]/.test(line));
    };
    const shims = readdirSync(join(root, 'tests/support'))
      .filter((name) => name.endsWith('.ts'))
      .filter((name) => shim(readFileSync(join(root, 'tests/support', name), 'utf8')));
    expect(shims).toEqual([]);
  });

  it('the rules above can fail: spec-model itself does parse YAML, build Ajv and walk $refs', () => {
    const all = files('spec-model').map(source).join('\n');
    expect(/from\s+['"]@stoplight\/yaml['"]/.test(all)).toBe(true);
    expect(/new\s+Ajv/.test(all)).toBe(true);
    expect(/\$ref/.test(all)).toBe(true);
    expect(['schema.$ref', "node['$ref']", "'$ref' in node"].every((text) => walk.test(text))).toBe(true);
    expect(source('src/protocol/request-id.ts')).toMatch(/x-wix-request-id/);
  });
});

describe('the stages are ordered in one place', () => {
  const ORDER_FILE = 'mock/pipeline/stage-order.ts';
  // The functions that run as stages of their own (the others are parts a mode builds: its pages, route, identity).
  const RUN_FUNCTIONS =
    /\b(readTarget|checkCredentials|readJsonBody|validateRequest|handlerStage|checkAnswerStage|effectsStage|answerStage)\b/;
  const STAGE_IMPORT = /(?:^|\n)\s*import\s+(?:type\s+)?\{([^}]*)\}\s*from\s+['"][^'"]*stages\/[^'"]+['"]/g;
  const apps = [...files('mock'), ...files('src'), ...files('scripts'), ...files('docs-site')];

  const ordering = (file: string): boolean =>
    [...readFileSync(join(root, file), 'utf8').matchAll(STAGE_IMPORT)].some((match) => RUN_FUNCTIONS.test(match[1] ?? ''));

  it('only the declaration imports the stages it runs, and only the runner runs the declaration', () => {
    expect(apps.filter(ordering)).toEqual([ORDER_FILE]);
    const runners = apps.filter((file) => /\bSTAGE_ORDER\b/.test(readFileSync(join(root, file), 'utf8')));
    expect(runners.sort()).toEqual(['mock/pipeline/pipeline.ts', ORDER_FILE]);
  });

  // Three or more of the stages' names joined by arrows is the order written again by hand.
  const STAGE_WORD =
    '(?:request target|target|pages|controls|route|credentials|identity|roles|body|validation|handler|answer check|answer)';
  const CHAIN = new RegExp(
    String.raw`${STAGE_WORD}[^.→\n>]{0,40}(?:→|->)\s*(?:\(?[a-z: ,/]*\)?\s*)?${STAGE_WORD}[^.→\n>]{0,40}(?:→|->)`,
    'i',
  );

  it('prose names the order only by pointing at the declaration, or as its exact text', async () => {
    const { STAGE_ORDER_TEXT } = await import('../../mock/pipeline/stage-order');
    const docs = [
      'README.md',
      'mock/README.md',
      ...readdirSync(join(root, 'docs'), { recursive: true }).map((name) => join('docs', String(name))),
    ].filter((file) => file.endsWith('.md'));
    const written = [...docs, ...files('mock').filter((file) => file !== ORDER_FILE)].filter((file) => {
      const text = readFileSync(join(root, file), 'utf8')
        .split(STAGE_ORDER_TEXT)
        .join('')
        .replace(/\n\s*(?:\/\/\s*)?/g, ' ');
      return CHAIN.test(text);
    });
    expect(written).toEqual([]);
  });

  it('the rules above can fail: the declaration does import the stages, and hand-written order is caught', () => {
    expect(ordering(ORDER_FILE)).toBe(true);
    expect(CHAIN.test('request target -> sign-in pages -> route -> credentials')).toBe(true);
    expect(CHAIN.test('target → route → identity')).toBe(true);
    expect(CHAIN.test('auth -> serialization -> long-GET fallback')).toBe(false);
  });
});
