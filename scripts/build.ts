// npm run build: the package's ESM entry points (Vite library mode), their type declarations (tsc) and the
// `storefront-mock` command (build/mock-command.ts) in dist/.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { bundledDocumentsPlugin } from '../spec-model/vite-plugin';
import { FAMILIES } from '../src/protocol';
import { fixDeclarationSpecifiers } from './build/declaration-specifiers';
import { documentModule } from './build/document-modules';
import { buildMockCommand, MOCK_COMMAND } from './build/mock-command';
import { trimSourceMaps } from './build/source-maps';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ENTRIES = {
  index: 'src/index.ts',
  commerce: 'src/commerce.ts',
  platform: 'src/platform.ts',
  auth: 'src/auth/index.ts',
  react: 'src/react/index.ts',
  msw: 'mock/msw/index.ts',
  events: 'src/events/index.ts',
  testing: 'src/testing/index.ts',
};

rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [bundledDocumentsPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    // Each family's document is an entry of its own (`dist/documents-<family>.js`, no package export): the MSW
    // entry imports it, and so does the storefront-mock command, so the package carries each document once.
    lib: {
      entry: Object.fromEntries(
        [...Object.entries(ENTRIES), ...FAMILIES.map((family) => [documentModule(family), `generated/${family}/openapi.yaml`])].map(
          ([name, file]) => [name, join(root, file as string)],
        ),
      ),
      formats: ['es'],
    },
    rollupOptions: {
      // Peer and runtime dependencies stay imports: the app brings one copy of each.
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^@tanstack\//, /^openapi-fetch($|\/)/, /^msw($|\/)/, /^jose($|\/)/],
    },
  },
});
trimSourceMaps(join(root, 'dist'));
execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
fixDeclarationSpecifiers(join(root, 'dist', 'types'));
await buildMockCommand(root);
console.log(`built dist/ (${Object.keys(ENTRIES).join(', ')}; the ${MOCK_COMMAND} command)`);
