// Prism alone (its CLI on the commerce bundle) against our mock in static mode (Prism in-process) and in its
// default stateful mode, side by side in one run: start-up time, requests served, RSS, and autocannon throughput
// and latency on the same GET and validated POST at 1 and 16 connections. Every server is started and stopped
// here, each in its own process group. Prints figures; never fails on them.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const prismCli = join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

const GET = { method: 'GET', path: '/v1/carts/current' };
const POST = {
  method: 'POST',
  path: '/v1/carts/current/add-to-cart',
  body: JSON.stringify({
    lineItems: [
      {
        quantity: 1,
        catalogReference: { catalogItemId: 'c8539b66-7a44-fe18-affc-afec4be8562a', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e', options: { variantId: '00000000-0000-0020-0005-ad9cdc8a2b0f' } },
      },
    ],
  }),
};
// The stateful mock's API key in a session of the bench's own (Prism accepts any credentials).
const SESSION = 'bench';
const HEADERS = { authorization: 'mock-api-key', 'x-mock-session': SESSION, 'content-type': 'application/json' };

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** RSS of a process and its descendants, in MB (Linux /proc). */
const treeRssMb = (root) => {
  const procs = [];
  for (const name of require('node:fs').readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1] ?? 0);
      procs.push({ pid: Number(name), ppid, rss });
    } catch {
      // Gone meanwhile.
    }
  }
  let total = 0;
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift();
    total += procs.find((p) => p.pid === pid)?.rss ?? 0;
    queue.push(...procs.filter((p) => p.ppid === pid).map((p) => p.pid));
  }
  return total / 1024;
};

const answers = async (url) => {
  try {
    await fetch(url, { headers: HEADERS });
    return true;
  } catch {
    return false;
  }
};

/** Starts a server in its own process group; ready when `url` answers. */
const startServer = async (args, cwd, env, url) => {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  const deadline = Date.now() + 60_000;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${args.join(' ')} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { child, startupMs: performance.now() - started };
};

const stopServer = async (child) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 3000);
  await exited;
  clearTimeout(timer);
};

const load = (url, request, connections, duration) =>
  new Promise((resolve, reject) => {
    autocannon({ url: `${url}${request.path}`, method: request.method, headers: HEADERS, body: request.body, connections, duration }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

/** Starts the stateful mock's session afresh (its cart's quantities stay far from their bound); no-op elsewhere. */
const resetSession = (url) => fetch(`${url}/__mock/reset`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ session: SESSION }) }).catch(() => undefined);

const CELLS = [GET, POST].flatMap((request) => [1, 16].map((connections) => ({ request, connections, key: `${request.method} ${request.path} @${connections}` })));

/** Each request answers 200 on this server before it is loaded. */
const checkAnswers = async (name, url) => {
  for (const request of [GET, POST]) {
    const check = await fetch(`${url}${request.path}`, { method: request.method, headers: HEADERS, body: request.body });
    if (check.status !== 200) throw new Error(`${name}: ${request.method} ${request.path} answered ${check.status}: ${(await check.text()).slice(0, 300)}`);
  }
};

/** One run of one cell on one server: a 1 s warm-up, then `duration` seconds measured. */
const runCell = async (server, cell, duration) => {
  await resetSession(server.url);
  const warm = await load(server.url, cell.request, cell.connections, 1);
  const result = await load(server.url, cell.request, cell.connections, duration);
  server.served += warm.requests.total + result.requests.total;
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The node arguments of `npm start` (`exec node <args>` in package.json). */
const startArguments = (root) => JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.mock.replace(/^exec\s+node\s+/, '').split(/\s+/);

/** One of our mock's modes, started as `npm start` starts it (an esbuild bundle). */
const startMock = async (root, mode) => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const mock = await startServer([...startArguments(root), '--mode', mode], root, { PORT: String(port) }, `${url}${GET.path}`);
  return { url, ...mock };
};

const startPrism = async (root) => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const prism = await startServer([prismCli, 'mock', 'generated/commerce/openapi.yaml', '--host', '127.0.0.1', '--port', String(port), '--errors', 'false'], root, {}, `${url}${GET.path}`);
  return { url, ...prism };
};

/**
 * The three servers are started one after the other (each start-up timed alone), then loaded in turns: every cell
 * runs once on each server per round, in rotating order, and a cell's figure is its median over the rounds. A
 * machine that slows down for a while then costs every server alike, not whichever happened to run then.
 */
export const benchMockThroughput = async (root, { duration = 3, rounds = 3 } = {}) => {
  const servers = [];
  try {
    servers.push({ name: 'Prism alone (commerce only)', ...(await startPrism(root)) });
    servers.push({ name: 'our mock, static (both families)', ...(await startMock(root, 'static')) });
    servers.push({ name: 'our mock, stateful (both families)', ...(await startMock(root, 'stateful')) });
    for (const server of servers) {
      await checkAnswers(server.name, server.url);
      server.served = 0;
      server.runs = Object.fromEntries(CELLS.map((cell) => [cell.key, []]));
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, cell] of CELLS.entries()) {
        for (let turn = 0; turn < servers.length; turn += 1) {
          const server = servers[(turn + round + index) % servers.length];
          server.runs[cell.key].push(await runCell(server, cell, duration));
        }
      }
    }
    for (const server of servers) server.rssMb = treeRssMb(server.child.pid);
  } finally {
    for (const server of servers) await stopServer(server.child);
  }

  const [prism, , stateful] = servers;
  const figure = (server, key) => {
    const runs = server.runs[key];
    const perSecond = median(runs.map((run) => run.perSecond));
    return { perSecond, p50: median(runs.map((run) => run.p50)), p99: median(runs.map((run) => run.p99)), errors: runs.reduce((sum, run) => sum + run.errors, 0) };
  };
  const pad = (text, width) => String(text).padEnd(width);
  const cell = (row) => `${row.perSecond.toFixed(0).padStart(6)} req/s  p50 ${String(row.p50).padStart(3)} ms  p99 ${String(row.p99).padStart(3)} ms`;
  console.log(`\nmock throughput (autocannon; per cell the median of ${rounds} rounds of ${duration} s after a 1 s warm-up, servers in turns, same machine)`);
  console.log(`${pad('', 44)}${servers.map((server) => pad(server.name, 42)).join('')}stateful / Prism (median; rounds)`);
  for (const { key } of CELLS) {
    const errors = servers.map((server) => figure(server, key).errors);
    const note = errors.some((count) => count > 0) ? `  (errors/non-2xx: ${errors.join(' / ')})` : '';
    const ratios = stateful.runs[key].map((run, round) => run.perSecond / prism.runs[key][round].perSecond);
    const ratio = `${(figure(stateful, key).perSecond / figure(prism, key).perSecond).toFixed(2)}x; ${ratios.map((value) => value.toFixed(1)).join(' ')}`;
    console.log(`${pad(key, 44)}${servers.map((server) => pad(cell(figure(server, key)), 42)).join('')}${ratio}${note}`);
  }
  console.log(`${pad('start-up to first answer', 44)}${servers.map((server) => pad(`${server.startupMs.toFixed(0)} ms`, 42)).join('')}`);
  console.log(`${pad('requests served in the runs', 44)}${servers.map((server) => pad(String(server.served), 42)).join('')}`);
  console.log(`${pad('RSS after them (process tree)', 44)}${servers.map((server) => pad(`${server.rssMb.toFixed(0)} MB`, 42)).join('')}`);
};
