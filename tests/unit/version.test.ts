import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { releases } from '../../scripts/changes/releases';
import { apiVersion } from '../../spec-model/api-version';
import { loadDocument } from '../../spec-model/load';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };

describe('one version everywhere', () => {
  it("package.json's version is both documents' info.version, in spec/ and generated/ (the mock reports the latter)", () => {
    expect(apiVersion({ commerce: loadDocument('commerce'), platform: loadDocument('platform') })).toBe(pkg.version);
    for (const family of ['commerce', 'platform']) {
      expect(readFileSync(join(root, 'spec', family, 'openapi.yaml'), 'utf8')).toMatch(
        new RegExp(`^info:\\n(?:  .*\\n)*?  version: ${pkg.version.replaceAll('.', '\\.')}\\n`, 'm'),
      );
    }
  });

  it('apiVersion refuses documents that disagree or say nothing', () => {
    const info = (version: string) => ({ info: { title: 't', version } });
    expect(() => apiVersion({ commerce: info('1.0.0'), platform: info('1.1.0') })).toThrow(
      'the documents declare different versions: 1.0.0, 1.1.0',
    );
    expect(() => apiVersion({ commerce: {}, platform: info('1.0.0') })).toThrow('the commerce document has no info.version');
  });

  it('CHANGELOG.md has an entry for every version package.json has had, the current one first', () => {
    const headings = [...readFileSync(join(root, 'CHANGELOG.md'), 'utf8').matchAll(/^## (\S+)/gm)].map((match) => match[1]);
    expect(headings[0]).toBe(pkg.version);
    for (const release of releases(root)) expect(headings, `CHANGELOG.md has no entry for ${release.version}`).toContain(release.version);
  });
});
