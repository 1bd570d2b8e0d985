// The figures behind docs/decisions/hooks-generator.md, rerunnable: orval 7.13.2 (the last release that runs on
// Node 20) installed into a folder under /tmp, never into the repo, generating React Query hooks for both
// families next to ours. Prints generated lines, the gzip bytes of a two-hook app and of each extra hook, and
// the type-check time of each hooks layer. Run: npx tsx scripts/bench/orval-compare.ts (after npm run build).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { operations as commerceOperations } from '../../generated/commerce/operations';
import { operations as platformOperations } from '../../generated/platform/operations';
import { APP_OWN_LIBRARIES, HOOK_APPS } from './app-size';
import { installOrval } from './orval-install';
import { strictTscTime } from './tsc-time';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const PEERS = ['@tanstack/react-query@5.108.0', 'react@19.3.1', '@types/react@19.3.0', 'typescript@5.9.3'];

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name));

// 1. orval and what its hooks need, in a scratch folder (kept between runs: the install is the slow part).
const work = installOrval(PEERS);
rmSync(join(work, 'out'), { recursive: true, force: true });
rmSync(join(work, 'node_modules', 'storefront-api'), { force: true });
symlinkSync(root, join(work, 'node_modules', 'storefront-api'), 'dir');

// 2. A mutator through the package's own runtime (auth, serialization, error model), as the repo would need:
//    without one orval's fetch client resolves 4xx/5xx as data and hard-codes the base URL. Both
//    apps then carry the same runtime, and the difference is the hooks layer.
writeFileSync(
  join(work, 'mutator.ts'),
  `import { createClient } from 'storefront-api';
import { oauthStrategy } from 'storefront-api/auth';
const client = createClient({ baseUrl: globalThis.location?.origin ?? 'http://127.0.0.1:4010', auth: oauthStrategy({ clientId: 'app' }) });
type Runtime = { call(meta: object, init: object): Promise<{ data: unknown; response: Response }> };
const runtime = (client as unknown as Record<symbol, Runtime>)[Symbol.for('storefront-api.runtime')] as Runtime;
export const storefrontFetch = async <T>(url: string, init?: RequestInit): Promise<T> => {
  const [path = '', search = ''] = url.split('?');
  const meta = { family: 'commerce', operationId: '', method: init?.method ?? 'GET', path };
  const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  const query = Object.fromEntries(new URLSearchParams(search));
  const { data, response } = await runtime.call(meta, { params: { query }, body, signal: init?.signal ?? undefined });
  return { data, status: response.status, headers: response.headers } as T;
};
`,
);

// Reads that are POSTs become queries only through a per-operation override.
const readOnlyPosts = [...commerceOperations, ...platformOperations].filter((meta) => meta.readOnly && meta.method === 'POST');
const family = (name: 'commerce' | 'platform') => ({
  input: { target: join(root, 'generated', name, 'openapi.yaml') },
  output: {
    mode: 'single',
    target: join(work, 'out', `${name}.ts`),
    client: 'react-query',
    httpClient: 'fetch',
    prettier: false,
    override: {
      mutator: { path: join(work, 'mutator.ts'), name: 'storefrontFetch' },
      query: { useQuery: true, useInfinite: false, signal: true, shouldSplitQueryKey: true },
      operations: Object.fromEntries(
        readOnlyPosts.filter((meta) => meta.family === name).map((meta) => [meta.operationId, { query: { useQuery: true } }]),
      ),
    },
  },
});
// CommonJS: orval 7 reads an ES module config's namespace as its projects, `default` becoming one with no input.
writeFileSync(
  join(work, 'orval.config.cjs'),
  `module.exports = ${JSON.stringify({ commerce: family('commerce'), platform: family('platform') })};\n`,
);
execFileSync(process.execPath, [join(work, 'node_modules', 'orval', 'dist', 'bin', 'orval.js'), '--config', 'orval.config.cjs'], {
  cwd: work,
  stdio: ['ignore', 'ignore', 'inherit'],
});

// 3. Generated lines: orval's files against our hooks and query options (the operation functions and types are
//    shared by every entry, so they are counted apart).
const orvalFiles = filesUnder(join(work, 'out'));
const ours = ['commerce', 'platform'].flatMap((name) => ['hooks.ts', 'queries.ts'].map((file) => join(root, 'generated', name, file)));
const orvalLines = orvalFiles.reduce((sum, file) => sum + lines(file), 0);
const ourLines = ours.reduce((sum, file) => sum + lines(file), 0);
console.log(`generated lines, both families: orval ${orvalLines} (${orvalFiles.length} files); ours ${ourLines} (hooks.ts + queries.ts)`);

// 4. Bundle bytes: the same two-hook app (React, React Query external), then one hook more.
const bundle = async (source: string) => {
  const entry = join(work, `app-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(entry, source);
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      outdir: join(work, 'dist'),
      splitting: true,
      external: APP_OWN_LIBRARIES,
      logLevel: 'silent',
      absWorkingDir: work,
    });
    return result.outputFiles.reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).length, 0);
  } finally {
    rmSync(entry);
  }
};
const orvalApp = (hooks: string[]) =>
  `import { ${hooks.join(', ')} } from './out/commerce';\nglobalThis.app = { use: () => [${hooks.map((hook) => `${hook}()`).join(', ')}] };`;
const orvalTwo = await bundle(orvalApp(['useGetCurrentCart', 'useAddToCurrentCart']));
const orvalThree = await bundle(orvalApp(['useGetCurrentCart', 'useAddToCurrentCart', 'useRemoveCurrentCartLineItems']));
const ourTwo = await bundle(HOOK_APPS.twoHooks);
const ourThree = await bundle(HOOK_APPS.threeHooks);
console.log(
  `two-hook app, gzip: orval ${orvalTwo} B, ours ${ourTwo} B (${orvalTwo - ourTwo >= 0 ? '+' : ''}${orvalTwo - ourTwo} B for orval)`,
);
console.log(`per extra hook, gzip: orval ${orvalThree - orvalTwo} B, ours ${ourThree - ourTwo} B`);

// 5. Type-check time of each hooks layer alone (skipLibCheck, strict), best of three.
const typeCheck = (name: string, files: string[]) => strictTscTime(work, name, files, { jsx: 'react-jsx' });
const orvalTime = typeCheck('orval', orvalFiles);
const ourTime = typeCheck('ours', [join(root, 'src', 'react', 'index.ts')]);
console.log(
  `type-check, best of 3: orval's hooks ${(orvalTime / 1000).toFixed(1)} s, ours (storefront-api/react with both families) ${(ourTime / 1000).toFixed(1)} s (${(orvalTime / ourTime).toFixed(1)}x)`,
);

// 6. Body paging: our infinite hooks against orval's, which page only a query parameter.
const orvalOut = ['commerce', 'platform'].map((name) => readFileSync(join(work, 'out', `${name}.ts`), 'utf8')).join('\n');
const bodyPaged = [...commerceOperations, ...platformOperations].filter((meta) => meta.paging?.request[0] === 'body');
const orvalInfinite = bodyPaged.filter((meta) =>
  orvalOut.includes(`use${meta.operationId[0]?.toUpperCase()}${meta.operationId.slice(1)}Infinite`),
);
console.log(`body-paged reads: ${bodyPaged.length}; infinite hooks for them: ours ${bodyPaged.length}, orval ${orvalInfinite.length}`);
