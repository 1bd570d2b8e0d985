// The package's `storefront-mock` command: mock/server.ts bundled with everything it imports (Ajv, the YAML
// reader, the engine) into dist/mock/storefront-mock.js, beside the files it reads at run time (both families'
// bundled documents and the built-in fixtures), so it runs from an installed tarball with no repository and no
// dependency but Node. Each module's `import.meta.url` is rewritten to where that module would sit under
// dist/mock/, so every file a module reads beside itself is found there as in the repository. Prism stays out:
// the static and dynamic modes find it beside the package when the user installed it (mock/prism/load-prism.ts).
import { chmodSync, copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { FAMILIES } from '../../src/protocol';

export const MOCK_COMMAND = 'storefront-mock';
export const MOCK_COMMAND_FILE = 'dist/mock/storefront-mock.js';

const rebaseImportMetaUrl = (root: string): Plugin => ({
  name: 'rebase-import-meta-url',
  setup(plugin) {
    plugin.onLoad({ filter: /\.ts$/ }, async (args) => {
      const where = `./${relative(root, args.path).split('\\').join('/')}`;
      const text = await readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(where)}, import.meta.url).href`), loader: 'ts' };
    });
  },
});

export const buildMockCommand = async (root: string): Promise<void> => {
  const out = join(root, 'dist', 'mock');
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [join(root, 'mock', 'server.ts')],
    outfile: join(root, MOCK_COMMAND_FILE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: 'error',
    define: { 'process.env.MOCK_COMMAND_NAME': JSON.stringify(MOCK_COMMAND) },
    // CommonJS inside the bundle (the YAML reader) requires Node's modules by name.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    plugins: [rebaseImportMetaUrl(root)],
  });
  chmodSync(join(root, MOCK_COMMAND_FILE), 0o755);
  for (const family of FAMILIES) {
    mkdirSync(join(out, 'generated', family), { recursive: true });
    copyFileSync(join(root, 'generated', family, 'openapi.yaml'), join(out, 'generated', family, 'openapi.yaml'));
  }
  const fixtures = join(out, 'mock', 'fixtures');
  mkdirSync(fixtures, { recursive: true });
  for (const name of readdirSync(join(root, 'mock', 'fixtures')).filter((file) => file.endsWith('.json'))) {
    copyFileSync(join(root, 'mock', 'fixtures', name), join(fixtures, name));
  }
};
