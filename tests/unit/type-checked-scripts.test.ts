import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm run lint` type-checks every program of the repo: scripts are TypeScript (run through tsx); a JavaScript
// file that must run without a loader starts with `// @ts-check` (tsconfig has allowJs, so tsc checks it with
// its JSDoc types). The JavaScript files below are the known exceptions, each with its reason.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FOLDERS = ['src', 'generated', 'mock', 'spec-model', 'scripts', 'docs-site', 'tests'];
const UNCHECKED: Record<string, string> = {
  'tests/compat/fixtures/sdk-receiver.mjs': 'runs inside a folder where the platform SDK is installed; its imports resolve only there',
  'tests/compat/fixtures/sdk-caller.mjs': 'runs inside a folder where the platform SDK is installed; its imports resolve only there',
};

const javascriptFiles = (): string[] =>
  FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true })
      .map(String)
      .filter((name) => /\.(m|c)?js$/.test(name) && !/(^|\/)(node_modules|dist)\//.test(name))
      .map((name) => `${folder}/${name}`),
  );

describe('every script is type-checked', () => {
  it('each JavaScript file is checked by tsc (// @ts-check) or a known exception', () => {
    const unchecked = javascriptFiles().filter(
      (file) => !(file in UNCHECKED) && !readFileSync(join(root, file), 'utf8').startsWith('// @ts-check\n'),
    );
    expect(unchecked).toEqual([]);
  });

  it('scripts/ is TypeScript apart from the known exceptions', () => {
    const javascript = javascriptFiles().filter((file) => file.startsWith('scripts/') && !(file in UNCHECKED));
    expect(javascript).toEqual([]);
  });

  it('the rule can fail: the mock launcher is JavaScript and checked', () => {
    expect(javascriptFiles()).toContain('mock/start.mjs');
  });

  it('tsconfig lets tsc read JavaScript files', () => {
    expect(
      (JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as { compilerOptions: { allowJs?: boolean } }).compilerOptions.allowJs,
    ).toBe(true);
  });
});
