// @ts-check
// npm run mock / npm start: bundles the mock (mock/server.ts and what it imports) with esbuild, then runs the
// bundle in this very process. Against loading TypeScript through tsx, this starts faster and holds about 30 MB
// less (no loader thread, no transpiler). Packages stay imports from node_modules; each module's own
// `import.meta.url` is kept, so files it reads beside itself (documents, fixtures) are found as from source.
// package.json starts it with --max-semi-space-size=8: each request leaves short-lived garbage and little else;
// a young generation of half the default size keeps the RSS 10 to 30 MB smaller than the default at nearly the
// same throughput (2 MB would save more and cost about a tenth of the write throughput: npm run bench). Tests
// and the bench read that command from package.json, so they run what npm start runs.
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// One bundle per process, inside the repository so its imports resolve from node_modules.
const outfile = join(root, 'node_modules', '.cache', 'storefront-mock', `server-${process.pid}.mjs`);

/** @type {import('esbuild').Plugin} */
const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  setup(plugin) {
    plugin.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

await build({
  entryPoints: [join(root, 'mock', 'server.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'error',
  plugins: [keepImportMetaUrl],
});
// esbuild's service process would otherwise live on beside the mock.
await stop();
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(outfile, { force: true });
}
