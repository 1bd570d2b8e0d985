import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A comment says why, and never sends the reader to an issue number or to a file that is not there. Every comment
// of the code is read (through the TypeScript scanner, so strings, template literals and regular expressions are
// never taken for comments); an issue number fails, and so does a file name with its extension, a path to a file
// or a folder path ending in a slash that names nothing in the repo.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FOLDERS = ['src', 'mock', 'spec-model', 'scripts', 'docs-site', 'tests'];
const CODE = /\.(tsx?|mts|mjs|js)$/;
const SKIPPED_DIRS = /(^|\/)(node_modules|dist)(\/|$)/;

const codeFiles = (): string[] =>
  FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true })
      .map(String)
      .filter((name) => CODE.test(name) && !SKIPPED_DIRS.test(name) && !name.endsWith('.d.ts'))
      .map((name) => `${folder}/${name}`),
  );

/** Every comment of a file, as text, once each. */
const commentsOf = (fileName: string, text: string): string[] => {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const seen = new Map<number, string>();
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    // getChildren includes the punctuation tokens, so a comment before a `}` or `)` is found too.
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen.values()];
};

const ISSUE = /\b(?:issues?|pull requests?|PRs?)\s*#?\d+|(?:^|[\s(])#\d+\b/gi;
const FILE_NAME = /(?<![\w./@:-])(?:[\w.-]+\/)*[\w-][\w.-]*\.(?:md|ts|tsx|mts|mjs|js|json|ya?ml|html|css|sh|tsv)(?![\w/-])/g;
const FOLDER_PATH = /(?<![\w./@:-])(?:[\w.-]+\/)+(?![\w.-])/g;

// Named on purpose though not in the repo: products, and files inside the platform SDK's packages (npm run drift
// installs them outside the repo).
const ELSEWHERE = new Set(['Node.js', 'Next.js', 'meta.js', 'meta.d.ts', 'build/cjs/meta.d.ts']);

const allNames = new Set(
  readdirSync(root, { recursive: true })
    .map(String)
    .filter((name) => !SKIPPED_DIRS.test(name) && !name.startsWith('.git/'))
    .map((name) => basename(name)),
);

/** Whether a reference in `file` names something: from the repo root, the file's folder or one above it, or a package. */
const resolves = (file: string, reference: string): boolean => {
  const path = reference.replace(/\/$/, '');
  if (ELSEWHERE.has(path) || path.startsWith('...')) return true;
  // What a build, an install or a run writes: not in a fresh clone, named on purpose.
  if (/^(dist|node_modules|docs-site\/dist)(\/|$)/.test(path)) return true;
  if (!path.includes('/')) return allNames.has(path);
  const bases = [root, join(root, 'node_modules')];
  for (let dir = dirname(join(root, file)); dir.startsWith(root); dir = dirname(dir)) bases.push(dir);
  return bases.some((base) => existsSync(join(base, path)));
};

const problemsOf = (file: string): string[] =>
  commentsOf(file, readFileSync(join(root, file), 'utf8')).flatMap((comment) => {
    // Web addresses name pages elsewhere, not files here.
    const text = comment.replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, ' ');
    const issues = [...text.matchAll(ISSUE)].map((match) => `${file}: issue number "${match[0].trim()}"`);
    const references = [...text.matchAll(FILE_NAME), ...text.matchAll(FOLDER_PATH)].map((match) => match[0]);
    const missing = references
      .filter((reference) => !resolves(file, reference))
      .map((reference) => `${file}: "${reference}" does not exist`);
    return [...issues, ...missing];
  });

describe('comments point only at what exists', () => {
  it('no comment names an issue number or a missing file', () => {
    expect(codeFiles().flatMap(problemsOf)).toEqual([]);
  });

  it('comments are found where they are, and only there', () => {
    const sample = [
      "const url = 'http://example.com/a.md'; // names notes/MISSING.md",
      'const pattern = /\\/\\/ not-a-comment.md/; /* issue 4 */',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template literal in it, as the scanner reads it.
      'const text = `// inside a template ${1 /* in a placeholder */}`;',
      'const view = <div>{/* in JSX */}</div>;',
    ].join('\n');
    expect(commentsOf('sample.tsx', sample)).toEqual([
      '// names notes/MISSING.md',
      '/* issue 4 */',
      '/* in a placeholder */',
      '/* in JSX */',
    ]);
  });

  it('the checks can fail', () => {
    const text = '// see MOCK-CONTROLS.md (issue 13) and mock/nowhere/ and mock/engine/engine.ts and mock/engine/';
    const references = [...text.matchAll(FILE_NAME), ...text.matchAll(FOLDER_PATH)].map((match) => match[0]);
    expect(references.filter((reference) => !resolves('mock/routing.ts', reference))).toEqual(['MOCK-CONTROLS.md', 'mock/nowhere/']);
    expect([...text.matchAll(ISSUE)].map((match) => match[0])).toEqual(['issue 13']);
    expect(relative(root, join(root, 'mock', 'engine', 'engine.ts'))).toBe('mock/engine/engine.ts');
  });
});
