// The package's `storefront-mock` command: mock/server.ts bundled with everything it imports (Ajv, the engine)
// into dist/mock/storefront-mock.js, beside the built-in fixtures it reads at run time, so it runs from an
// installed tarball with no repository and no dependency but Node. Both families' documents are the modules the
// MSW entry imports too (dist/documents-<family>.js, build/document-modules.ts): the command imports them in place
// of reading the YAML files, so the package carries each document once. Each module's `import.meta.url` is rewritten to where that module would sit under
// dist/mock/, so every file a module reads beside itself is found there as in the repository. Prism stays out:
// the static and dynamic modes find it beside the package when the user installed it (mock/prism/load-prism.ts).
import { chmodSync, copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { FAMILIES } from '../../src/protocol';
import { documentModule } from './document-modules';

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

const READ_DOCUMENTS = /[\\/]mock[\\/]node[\\/]read-documents\.ts$/;

// Each call gets its own copy, as from the files: Prism's bundler rewrites the document it is given.
const documentsFromChunks: Plugin = {
  name: 'documents-from-chunks',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\.\/documents-[a-z]+\.js$/ }, (args) => ({ path: args.path, external: true }));
    plugin.onLoad({ filter: READ_DOCUMENTS }, () => ({
      contents: [
        ...FAMILIES.map((family) => `import ${family} from '../${documentModule(family)}.js';`),
        `export const readDocuments = () => ({ ${FAMILIES.map((family) => `${family}: structuredClone(${family})`).join(', ')} });`,
      ].join('\n'),
      loader: 'js',
    }));
  },
};

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
    plugins: [documentsFromChunks, rebaseImportMetaUrl(root)],
  });
  chmodSync(join(root, MOCK_COMMAND_FILE), 0o755);
  const fixtures = join(out, 'mock', 'fixtures');
  mkdirSync(fixtures, { recursive: true });
  for (const name of readdirSync(join(root, 'mock', 'fixtures')).filter((file) => file.endsWith('.json'))) {
    copyFileSync(join(root, 'mock', 'fixtures', name), join(fixtures, name));
  }
};
