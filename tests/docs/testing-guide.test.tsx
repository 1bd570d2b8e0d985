// @vitest-environment jsdom
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';

// docs/testing.md's component test, run as written: its tests register here, its package imports pointed at the
// entries' sources (the consumer test compiles the same snippet against the packed tarball).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ENTRIES: Record<string, string> = {
  'storefront-api/commerce': '../../src/commerce',
  'storefront-api/react': '../../src/react/index',
  'storefront-api/testing': '../../src/testing/index',
  'storefront-api': '../../src/index',
};

// The jsdom environment hides the test file's own URL: the run starts at the repository's root.
const blocks = readFileSync(join(process.cwd(), 'docs', 'testing.md'), 'utf8').split(/^```tsx\n|^```$/m);
const snippet = blocks.find((block) => block.includes("from 'storefront-api/testing'") && block.includes('setupServer'));
expect(snippet, 'docs/testing.md has its component test').toBeDefined();
const code = (snippet ?? '').replace(/from '(storefront-api[^']*)'/g, (_all, name: string) => `from '${ENTRIES[name]}'`);
expect(code).not.toMatch(/from 'storefront-api/);
const file = join(process.cwd(), 'tests', 'docs', '.guide-component-test.tsx');
writeFileSync(file, code);
try {
  await import(/* @vite-ignore */ file);
} finally {
  rmSync(file, { force: true });
}
afterAll(() => rmSync(file, { force: true }));
