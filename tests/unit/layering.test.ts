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
  [...files('src'), ...files('generated'), ...files('mock'), ...files('spec-model'), ...files('scripts'), ...files('docs-site')].map((file) => [file, importsOf(file)]),
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
    const allowed = new Set(['src/client/operation-function.ts', 'src/react/operation-hooks.ts', 'src/operations/operation-meta.ts']);
    for (const file of files('generated')) {
      const wrong = (graph.get(file) ?? []).filter((target) => target.startsWith('src/') && !allowed.has(target));
      expect(wrong, file).toEqual([]);
    }
  });

  it('no React-free entry reaches React or React Query', () => {
    for (const entry of ['src/index.ts', 'src/commerce.ts', 'src/platform.ts', 'src/auth/index.ts', 'src/events/index.ts']) {
      const react = [...reachable(entry)].filter((target) => /^react($|\/)|^react-dom|^@tanstack\//.test(target) || target.startsWith('src/react/'));
      expect(react, entry).toEqual([]);
    }
  });

  it('the events entry is server-side: it reaches neither the client runtime nor the operation functions', () => {
    const reached = [...reachable('src/events/index.ts')].filter((target) => /^src\/(client|auth|paging|react)\/|^generated\/[^/]+\/(functions|hooks|operations)\.ts$/.test(target));
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
    expect(reached.filter((target) => /^mock\/(node|http|prism)\//.test(target))).toEqual([]);
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
