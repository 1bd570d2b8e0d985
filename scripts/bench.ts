// npm run bench: prints the figures the issues track (sizes and speeds); never a pass/fail test.

import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APPS,
  HOOKS_LAYER_BUDGET_GZIP,
  measureApp,
  measureHooksLayer,
  SMALLEST_APP_BUDGET_GZIP,
  TESTING_APP,
  TESTING_EXTERNAL,
} from './bench/app-size';
import { benchMemory } from './bench/memory';
import { benchMockThroughput, benchSharedState } from './bench/mock-throughput';
import { measurePerCall } from './bench/per-call';
import { installPlatformSdk } from './bench/platform-sdk';
import { benchProxyLatency } from './bench/proxy-latency';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The package as the tarball ships it: build dist/ first, then measure apps and calls against it.
execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build.ts')], { cwd: root, stdio: 'ignore' });
console.log(`app bundles against dist/ (esbuild, minified, code-split; budget of the smallest: ${SMALLEST_APP_BUDGET_GZIP} B gzip)`);
for (const [name, source] of Object.entries(APPS)) {
  const size = await measureApp(root, source);
  console.log(`  ${name}: entry ${size.entry.minified} B min, ${size.entry.gzipped} B gzip; lazy chunks ${size.lazy} B gzip`);
}
const hooks = await measureHooksLayer(root);
console.log('React hooks layer (React, React DOM and React Query external; gzip, entry and lazy chunks)');
console.log(
  `  two-hook app (useGetCurrentCart, useAddToCurrentCart): ${hooks.twoHooks} B; the same two calls without hooks ${hooks.functions} B`,
);
console.log(
  `  hooks layer for the two hooks: ${hooks.layer} B (budget ${HOOKS_LAYER_BUDGET_GZIP} B); per extra hook (useRemoveCurrentCartLineItems): ${hooks.perExtraHook} B`,
);
const testing = await measureApp(root, TESTING_APP, TESTING_EXTERNAL);
console.log('testing entry, apart (answer() and one builder; MSW external; both documents and the schema compiler inside)');
console.log(`  entry ${testing.entry.minified} B min, ${testing.entry.gzipped} B gzip; lazy chunks ${testing.lazy} B gzip`);
const sdkDir = installPlatformSdk();
console.log(
  `per-call overhead, fetch stubbed, GET /v1/carts/current, median of 7 interleaved rounds of 5000 calls${sdkDir ? '' : ' (platform SDK not installable here: left out)'}`,
);
for (const row of await measurePerCall(root, { sdkDir })) {
  console.log(
    `  ${row.name.padEnd(38)} ${row.microseconds.toFixed(1).padStart(6)} µs  ${row.vsRaw.toFixed(2)}x raw  ${row.vsOpenapiFetch.toFixed(2)}x openapi-fetch`,
  );
}

await benchMockThroughput(root);
await benchProxyLatency(root);
await benchSharedState(root);
await benchMemory();

// The explorer's weight before the first operation is opened and its first render, in headless Chromium.
execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'bench', 'explorer.ts')], { cwd: root, stdio: 'inherit' });
