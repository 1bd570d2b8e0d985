import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STAMP_FILE, siteInputsHash, siteIsFresh } from '../../docs-site/build/site-freshness';
import { generatedStaleness, recordGenerated } from '../../scripts/start/generated-freshness';

// npm start regenerates and rebuilds only what is missing or stale, judged by content (checkouts reset dates).
let root: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('what npm start rebuilds', () => {
  it('generates when generated/ is missing, on a first start, after a spec change or a hand edit, and not otherwise', () => {
    root = mkdtempSync(join(tmpdir(), 'start-freshness-'));
    write('spec/commerce/openapi.yaml', 'openapi: 3.1.0\n');
    expect(generatedStaleness(root)).toBe('generated/ is missing');
    write('generated/commerce/openapi.yaml', 'bundled: 1\n');
    write('generated/platform/openapi.yaml', 'bundled: 2\n');
    expect(generatedStaleness(root)).toMatch(/first start here/);
    recordGenerated(root);
    expect(generatedStaleness(root)).toBeUndefined();
    write('spec/commerce/openapi.yaml', 'openapi: 3.1.0\ninfo: {}\n');
    expect(generatedStaleness(root)).toBe('the spec or the generator changed');
    recordGenerated(root);
    write('generated/commerce/functions.ts', '// edited\n');
    expect(generatedStaleness(root)).toBe('generated/ was changed by hand');
  });

  it('builds the site when dist/ has no stamp or its sources changed', () => {
    root = mkdtempSync(join(tmpdir(), 'start-freshness-'));
    write('docs-site/src/explorer/app.tsx', 'export {};\n');
    write('generated/commerce/openapi.yaml', 'bundled: 1\n');
    expect(siteIsFresh(root)).toBe(false);
    write(`docs-site/dist/${STAMP_FILE}`, JSON.stringify({ inputs: siteInputsHash(root) }));
    expect(siteIsFresh(root)).toBe(true);
    write('docs-site/src/explorer/app.tsx', 'export const changed = 1;\n');
    expect(siteIsFresh(root)).toBe(false);
  });
});
