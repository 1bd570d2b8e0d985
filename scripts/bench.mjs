// npm run bench: prints the figures the issues track (sizes and speeds); never a pass/fail test.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBundle } from './bench/bundle-size.mjs';
import { benchMockThroughput } from './bench/mock-throughput.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const bundle = await measureBundle(root);
console.log(`client bundle (createClient + GET /v1/carts/current): ${bundle.minified} B minified, ${bundle.gzipped} B gzipped`);

await benchMockThroughput(root);
