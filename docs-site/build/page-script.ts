// The script the pages built outside Vite inline (src/site/page-links.ts): bundled once per build into one IIFE,
// so each page stays a single self-contained file.
import { build } from 'esbuild';

const ENTRY = new URL('../src/site/page-links.ts', import.meta.url).pathname;

export const pageLinksScript = async (): Promise<string> => {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  if (!code) throw new Error('esbuild produced no page script');
  // Inlined in <script>: a closing tag inside a string would end the element.
  return `<script>${code.replaceAll('</script', '<\\/script')}</script>`;
};
