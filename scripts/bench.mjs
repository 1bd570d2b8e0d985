// npm run bench: prints the figures the issues track (sizes and speeds); never a pass/fail test.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBundle } from './bench/bundle-size.mjs';
import { measureMock } from './bench/mock-latency.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const bundle = await measureBundle(root);
console.log(`client bundle (createClient + GET /v1/carts/current): ${bundle.minified} B minified, ${bundle.gzipped} B gzipped`);

const port = 4600 + Math.floor(Math.random() * 300);
const startedAt = performance.now();
const mock = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'mock/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  await new Promise((resolve, reject) => {
    mock.stdout.on('data', (chunk) => String(chunk).includes('mock ready') && resolve());
    mock.once('exit', (code) => reject(new Error(`mock exited with ${code}`)));
  });
  console.log(`mock start-up (both families, to ready): ${Math.round(performance.now() - startedAt)} ms`);
  const url = `http://127.0.0.1:${port}`;
  for (const path of ['/v1/carts/current', '/v1/members/my']) {
    const figures = await measureMock(url, { path });
    console.log(
      `mock ${path}: ${figures.requests} sequential requests, ${figures.perSecond.toFixed(0)} req/s, ` +
        `p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms`,
    );
  }
} finally {
  mock.kill('SIGTERM');
}
