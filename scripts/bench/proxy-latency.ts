// The proxy mode's added latency: the same request sent straight to an upstream and through
// `storefront-mock --mode proxy` in front of it (the command as the tarball ships it, dist/mock/). The upstream is
// a bare Node server answering getProduct's 200 example (about 2 KB of JSON), so what is measured is the proxy's
// own work: request checks, forwarding over a kept connection, the answer's full schema check, the verdict.
// Sequential requests over one kept-alive connection, timed one by one; per target the median of 3 interleaved
// rounds. Each server runs in its own process group and is stopped with it.
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { jsonContent } from '../../spec-model/document';
import { firstExample } from '../../spec-model/examples';
import { loadOperations } from '../../spec-model/load';
import { freePort } from '../harness/mock-process';

const PATH = '/v1/products/1a2d7e83-4bef-31d5-09e1-3326ee271c09';

const upstreamScript = (body: string) => `
  const body = ${JSON.stringify(body)};
  require('node:http').createServer((req, res) => {
    req.resume();
    req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); res.end(body); });
  }).listen(Number(process.env.PORT), '127.0.0.1');`;

const get = (agent: Agent, url: URL): Promise<{ status: number; verdict: string | undefined }> =>
  new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, path: PATH, agent, headers: { authorization: 'mock-api-key' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, verdict: res.headers['x-mock-contract'] as string | undefined }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });

const start = async (args: string[], port: number): Promise<ChildProcess> => {
  const child = spawn(process.execPath, args, { env: { ...process.env, PORT: String(port) }, stdio: 'ignore', detached: true });
  const agent = new Agent();
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await get(agent, new URL(`http://127.0.0.1:${port}`));
      agent.destroy();
      return child;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${args.join(' ')} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};

const stop = (child: ChildProcess) => {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
};

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
const median = (values: readonly number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** Per-request times (ms) of `count` sequential GETs over one kept connection, after a warm-up. */
const time = async (url: URL, count: number): Promise<number[]> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 200; i += 1) await get(agent, url);
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = process.hrtime.bigint();
    await get(agent, url);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  agent.destroy();
  return times.sort((a, b) => a - b);
};

export const benchProxyLatency = async (root: string, { count = 2000, rounds = 3 } = {}): Promise<void> => {
  const operation = loadOperations('platform').find((candidate) => candidate.operationId === 'getProduct');
  const body = JSON.stringify(firstExample(jsonContent(operation?.responses['200'])));
  const upstreamPort = await freePort();
  const upstream = await start(['-e', upstreamScript(body)], upstreamPort);
  const proxyPort = await freePort();
  const proxy = await start(
    [join(root, 'dist', 'mock', 'storefront-mock.js'), '--mode', 'proxy', '--upstream', `http://127.0.0.1:${upstreamPort}`],
    proxyPort,
  );
  try {
    const direct = new URL(`http://127.0.0.1:${upstreamPort}`);
    const through = new URL(`http://127.0.0.1:${proxyPort}`);
    const checked = await get(new Agent(), through);
    if (checked.status !== 200 || checked.verdict !== 'ok') throw new Error(`the proxy answered ${checked.status} ${checked.verdict}`);
    const runs = { direct: [] as number[][], proxy: [] as number[][] };
    for (let round = 0; round < rounds; round += 1) {
      runs.direct.push(await time(direct, count));
      runs.proxy.push(await time(through, count));
    }
    const figures = (times: number[][]) => ({
      p50: median(times.map((run) => percentile(run, 0.5))),
      p99: median(times.map((run) => percentile(run, 0.99))),
      perSecond: median(times.map((run) => (run.length * 1000) / run.reduce((sum, ms) => sum + ms, 0))),
    });
    const d = figures(runs.direct);
    const p = figures(runs.proxy);
    console.log(
      `\nproxy mode's added latency (GET getProduct, ${body.length} B answer checked in full; sequential over one kept connection; median of ${rounds} rounds of ${count})`,
    );
    console.log(`  upstream directly        p50 ${d.p50.toFixed(3)} ms  p99 ${d.p99.toFixed(3)} ms  ${Math.round(d.perSecond)} req/s`);
    console.log(`  through the proxy        p50 ${p.p50.toFixed(3)} ms  p99 ${p.p99.toFixed(3)} ms  ${Math.round(p.perSecond)} req/s`);
    console.log(`  added per request        p50 ${(p.p50 - d.p50).toFixed(3)} ms  p99 ${(p.p99 - d.p99).toFixed(3)} ms`);
  } finally {
    stop(proxy);
    stop(upstream);
  }
};
