// The fenced code blocks of the Markdown documentation, read as the doc tests need them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname;

export interface Snippet {
  /** Repository-relative Markdown file. */
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly lang: string;
  readonly code: string;
}

/** README.md and every Markdown file under docs/. */
export const docFiles = (): string[] => [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

export const snippetsOf = (file: string): Snippet[] => {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const found: Snippet[] = [];
  let open: { lang: string; line: number; code: string[] } | undefined;
  lines.forEach((text, index) => {
    const fence = /^```(\S*)\s*$/.exec(text);
    if (!open && fence) open = { lang: fence[1] ?? '', line: index + 1, code: [] };
    else if (open && /^```\s*$/.test(text)) {
      found.push({ file, line: open.line, lang: open.lang, code: open.code.join('\n') });
      open = undefined;
    } else open?.code.push(text);
  });
  return found;
};
