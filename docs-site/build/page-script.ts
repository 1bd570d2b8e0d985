// The scripts the pages built outside Vite inline: each bundled once per build into one IIFE, so each page stays a
// single self-contained file. Every such page carries the links script (src/site/page-links.ts); the reference pages
// carry their search too (src/site/reference-search.ts).
import { build } from 'esbuild';

const inlineScript = async (entry: string): Promise<string> => {
  const result = await build({
    entryPoints: [new URL(`../src/site/${entry}`, import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  if (!code) throw new Error(`esbuild produced no page script from ${entry}`);
  // Inlined in <script>: a closing tag inside a string would end the element.
  return `<script>${code.replaceAll('</script', '<\\/script')}</script>`;
};

export const pageLinksScript = (): Promise<string> => inlineScript('page-links.ts');

export const referenceSearchScript = (): Promise<string> => inlineScript('reference-search.ts');
