import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGuidePages } from '../../docs-site/build/guide-pages';

// A guide's prose may name a component the way code writes it; the page must show those words, not hand the
// browser an unknown element that swallows them.
let scratch = '';
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

const render = (markdown: string): string => {
  scratch = mkdtempSync(join(tmpdir(), 'guide-markup-'));
  const docs = join(scratch, 'docs');
  mkdirSync(docs);
  writeFileSync(join(docs, 'page.md'), markdown);
  buildGuidePages(docs, join(scratch, 'out'), '');
  return readFileSync(join(scratch, 'out', 'guides', 'page.html'), 'utf8');
};

describe('guide pages', () => {
  it('show markup written in prose as text, and keep comments as comments', () => {
    const page = render(
      '# Page\n\nThe message: "Wrap the app in <StorefrontProvider client>".\n\n<!-- written by a script -->\n\n<div>x</div>\n',
    );
    expect(page).toContain('Wrap the app in &lt;StorefrontProvider client&gt;');
    expect(page).not.toMatch(/<StorefrontProvider/);
    expect(page).toContain('&lt;div&gt;x&lt;/div&gt;');
    expect(page).toContain('<!-- written by a script -->');
  });
});
