import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npm, packPackage, root, tsc } from '../support/packed-package';

// storefront-api/testing as a frontend team gets it: the package built and packed, the tarball installed in a scratch
// app beside vitest, Testing Library, MSW and React Query; the app's component test runs there, and misuses of
// answer(), the builders and the typed keys fail its tsc, each with its own message.
const fixtures = join(root, 'tests', 'consumer', 'fixtures', 'kit');
// The versions the repository itself tests with.
const pinned = (name: string): string => {
  const { devDependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  return `${name}@${devDependencies[name]}`;
};
const TEST_TOOLS = [
  'vitest',
  'jsdom',
  'msw',
  '@testing-library/react',
  '@testing-library/dom',
  'react',
  'react-dom',
  '@types/react',
  '@types/react-dom',
  '@tanstack/react-query',
].map(pinned);

const compilerOptions = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'bundler',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  jsx: 'react-jsx',
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['react', 'react-dom'],
};

let scratch: string;
let app: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'consumer-kit-'));
  const { tarball } = packPackage(scratch);
  app = join(scratch, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch-kit-app', private: true, type: 'module' }));
  npm(app, 'install', tarball, ...TEST_TOOLS);
  for (const name of readdirSync(fixtures)) cpSync(join(fixtures, name), join(app, name));
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['cart.test.tsx', 'misuses.ts'] }));
}, 400_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('storefront-api/testing in a scratch app', () => {
  it('runs the app component test: answer(), builders and an optimistic update on the typed key', () => {
    const out = execFileSync(process.execPath, [join(app, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=dot'], {
      cwd: app,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(out).toMatch(/Tests\s+3 passed \(3\)/);
  }, 180_000);

  it('imports no React: the entry stands beside React-free code', () => {
    const bundle = readFileSync(join(app, 'node_modules', 'storefront-api', 'dist', 'testing.js'), 'utf8');
    expect(bundle).not.toMatch(/from ['"](react|react-dom|@tanstack\/[^'"]+)['"]/);
  });

  it('type-checks as written, and each misuse fails tsc with its own message', () => {
    expect(tsc(app, join(app, 'tsconfig.json'))).toBe('');
    writeFileSync(join(app, 'loose.ts'), readFileSync(join(app, 'misuses.ts'), 'utf8').replace(/^\s*\/\/ @ts-expect-error.*\n/gm, ''));
    writeFileSync(join(app, 'tsconfig.loose.json'), JSON.stringify({ compilerOptions, files: ['loose.ts'] }));
    const errors = tsc(app, join(app, 'tsconfig.loose.json'))
      .split('\n')
      .filter((line) => line.includes('error TS'));
    console.log(errors.join('\n'));
    // One per misuse, in the file's order: the message a developer reads.
    const expected = [
      // wrong operation: an operation id instead of the operation function
      /error TS2345: Argument of type 'string' is not assignable to parameter of type 'AnswerableOperation'/,
      // undeclared status: the declared ones are listed
      /error TS2322: Type '428' is not assignable to type '(?=[^']*\b404\b)(?=[^']*\b504\b)[^']*undefined'/,
      // undeclared code for that status
      /error TS2322: Type '"CART_LOCKED"' is not assignable to type '"OWNED_CART_NOT_FOUND"'/,
      // wrong body shape: a line item list expected
      /error TS2322: Type 'string' is not assignable to type '\{ readonly id\?: string \| undefined; quantity\?: number/,
      // family-less key
      /error TS2322: Type '"getCurrentCart"' is not assignable to type '"commerce" \| "platform"'/,
      // wrong data in setQueryData
      /error TS2322: Type 'string' is not assignable to type '\{ readonly id\?: string \| undefined; quantity\?: number/,
    ];
    expect(errors, errors.join('\n')).toHaveLength(expected.length);
    expected.forEach((pattern, index) => expect(errors[index], errors.join('\n')).toMatch(pattern));
  }, 180_000);
});
