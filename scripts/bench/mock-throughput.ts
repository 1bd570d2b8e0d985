// Prism alone (its CLI on the commerce bundle) against our mock in static mode (Prism in-process) and in its
// default stateful mode, side by side in one run: start-up time, requests served, RSS, and autocannon throughput
// and latency on the same GET and validated POST at 1 and 16 connections. Every server is started and stopped
// here, each in its own process group. Prints figures; never fails on them.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import { clusterToolsMissing, startHaproxy, startRedis, startReplica } from '../harness/cluster';
import { freePort, startArguments } from '../harness/mock-process';
import { treeRssMb } from '../harness/process-tree';

const require = createRequire(import.meta.url);
const prismCli = join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

interface BenchRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
}

const GET: BenchRequest = { method: 'GET', path: '/v1/carts/current' };
const POST: BenchRequest = {
  method: 'POST',
  path: '/v1/carts/current/add-to-cart',
  body: JSON.stringify({
    lineItems: [
      {
        quantity: 1,
        catalogReference: {
          catalogItemId: 'c8539b66-7a44-fe18-affc-afec4be8562a',
          appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
          options: { variantId: '00000000-0000-0020-0005-ad9cdc8a2b0f' },
        },
      },
    ],
  }),
};
// The stateful mock's API key in a session of the bench's own (Prism accepts any credentials).
const SESSION = 'bench';
const HEADERS = { authorization: 'mock-api-key', 'x-mock-session': SESSION, 'content-type': 'application/json' };

const answers = async (url: string): Promise<boolean> => {
  try {
    await fetch(url, { headers: HEADERS });
    return true;
  } catch {
    return false;
  }
};

interface StartedServer {
  readonly url: string;
  readonly child: ChildProcess;
  readonly startupMs: number;
}

interface Cell {
  readonly request: BenchRequest;
  readonly connections: number;
  readonly key: string;
}

interface CellRun {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
}

interface BenchServer extends StartedServer {
  readonly name: string;
  served: number;
  readonly runs: Record<string, CellRun[]>;
  rssMb: number;
}

/** Starts a server at base `url` in its own process group; ready when `url` + `readyPath` answers. */
const startServer = async (
  args: string[],
  cwd: string,
  env: Record<string, string>,
  url: string,
  readyPath: string,
): Promise<StartedServer> => {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  const deadline = Date.now() + 60_000;
  while (!(await answers(`${url}${readyPath}`))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${args.join(' ')} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { url, child, startupMs: performance.now() - started };
};

const stopServer = async (child: ChildProcess): Promise<void> => {
  const pid = child.pid;
  if (pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 3000);
  await exited;
  clearTimeout(timer);
};

const load = (url: string, request: BenchRequest, connections: number, duration: number): Promise<autocannon.Result> =>
  new Promise((resolve, reject) => {
    autocannon(
      { url: `${url}${request.path}`, method: request.method, headers: HEADERS, body: request.body, connections, duration },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

/** Starts the stateful mock's session afresh (its cart's quantities stay far from their bound); no-op elsewhere. */
const resetSession = (url: string) =>
  fetch(`${url}/__mock/reset`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ session: SESSION }) }).catch(() => undefined);

const CELLS: Cell[] = [GET, POST].flatMap((request) =>
  [1, 16].map((connections) => ({ request, connections, key: `${request.method} ${request.path} @${connections}` })),
);

/** Each request answers 200 on this server before it is loaded. */
const checkAnswers = async (name: string, url: string): Promise<void> => {
  for (const request of [GET, POST]) {
    const check = await fetch(`${url}${request.path}`, { method: request.method, headers: HEADERS, body: request.body });
    if (check.status !== 200)
      throw new Error(`${name}: ${request.method} ${request.path} answered ${check.status}: ${(await check.text()).slice(0, 300)}`);
  }
};

/** One run of one cell on one server: a 1 s warm-up, then `duration` seconds measured. */
const runCell = async (server: BenchServer, cell: Cell, duration: number): Promise<CellRun> => {
  await resetSession(server.url);
  const warm = await load(server.url, cell.request, cell.connections, 1);
  const result = await load(server.url, cell.request, cell.connections, duration);
  server.served += warm.requests.total + result.requests.total;
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
};

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** One of our mock's modes, started as `npm start` starts it (an esbuild bundle). */
const startMock = async (root: string, mode: 'static' | 'stateful'): Promise<StartedServer> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startServer([...startArguments(), '--mode', mode], root, { PORT: String(port) }, url, GET.path);
};

const startPrism = async (root: string): Promise<StartedServer> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startServer(
    [prismCli, 'mock', 'generated/commerce/openapi.yaml', '--host', '127.0.0.1', '--port', String(port), '--errors', 'false'],
    root,
    {},
    url,
    GET.path,
  );
};

const benchServer = (name: string, started: StartedServer): BenchServer => ({
  name,
  ...started,
  served: 0,
  runs: Object.fromEntries(CELLS.map((cell) => [cell.key, []])),
  rssMb: 0,
});

/**
 * The three servers are started one after the other (each start-up timed alone), then loaded in turns: every cell
 * runs once on each server per round, in rotating order, and a cell's figure is its median over the rounds. A
 * machine that slows down for a while then costs every server alike, not whichever happened to run then.
 */
export const benchMockThroughput = async (root: string, { duration = 3, rounds = 3 } = {}): Promise<void> => {
  const servers: BenchServer[] = [];
  try {
    servers.push(benchServer('Prism alone (commerce only)', await startPrism(root)));
    servers.push(benchServer('our mock, static (both families)', await startMock(root, 'static')));
    servers.push(benchServer('our mock, stateful (both families)', await startMock(root, 'stateful')));
    for (const server of servers) await checkAnswers(server.name, server.url);
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, cell] of CELLS.entries()) {
        for (let turn = 0; turn < servers.length; turn += 1) {
          const server = servers[(turn + round + index) % servers.length];
          if (server) server.runs[cell.key]?.push(await runCell(server, cell, duration));
        }
      }
    }
    for (const server of servers) server.rssMb = server.child.pid === undefined ? 0 : treeRssMb(server.child.pid);
  } finally {
    for (const server of servers) await stopServer(server.child);
  }

  const [prism, , stateful] = servers;
  if (!prism || !stateful) throw new Error('the servers did not start');
  const runsOf = (server: BenchServer, key: string): CellRun[] => server.runs[key] ?? [];
  const figure = (server: BenchServer, key: string): CellRun => {
    const runs = runsOf(server, key);
    const perSecond = median(runs.map((run) => run.perSecond));
    return {
      perSecond,
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
    };
  };
  const pad = (text: string, width: number) => text.padEnd(width);
  const cell = (row: CellRun) =>
    `${row.perSecond.toFixed(0).padStart(6)} req/s  p50 ${String(row.p50).padStart(3)} ms  p99 ${String(row.p99).padStart(3)} ms`;
  console.log(
    `\nmock throughput (autocannon; per cell the median of ${rounds} rounds of ${duration} s after a 1 s warm-up, servers in turns, same machine)`,
  );
  console.log(`${pad('', 44)}${servers.map((server) => pad(server.name, 42)).join('')}stateful / Prism (median; rounds)`);
  for (const { key } of CELLS) {
    const errors = servers.map((server) => figure(server, key).errors);
    const note = errors.some((count) => count > 0) ? `  (errors/non-2xx: ${errors.join(' / ')})` : '';
    const ratios = runsOf(stateful, key).map((run, round) => run.perSecond / (runsOf(prism, key)[round]?.perSecond ?? Number.NaN));
    const ratio = `${(figure(stateful, key).perSecond / figure(prism, key).perSecond).toFixed(2)}x; ${ratios.map((value) => value.toFixed(1)).join(' ')}`;
    console.log(`${pad(key, 44)}${servers.map((server) => pad(cell(figure(server, key)), 42)).join('')}${ratio}${note}`);
  }
  console.log(`${pad('start-up to first answer', 44)}${servers.map((server) => pad(`${server.startupMs.toFixed(0)} ms`, 42)).join('')}`);
  console.log(`${pad('requests served in the runs', 44)}${servers.map((server) => pad(String(server.served), 42)).join('')}`);
  console.log(`${pad('RSS after them (process tree)', 44)}${servers.map((server) => pad(`${server.rssMb.toFixed(0)} MB`, 42)).join('')}`);
};

interface SharedStateServer {
  readonly name: string;
  readonly url: string;
  readonly runs: Record<string, CellRun[]>;
}

const SHARED_CELLS: Cell[] = [GET, POST].map((request) => ({ request, connections: 16, key: `${request.method} ${request.path} @16` }));

/**
 * The stateful mock with its state in this process, in Redis behind one replica, and in Redis behind two replicas
 * with HAProxy in front (deploy/haproxy.cfg), side by side in one run at 16 connections: req/s, p99 and the
 * ratio to the in-memory figure. Loaded in turns as above. Skipped, saying why, without redis-server or haproxy.
 */
export const benchSharedState = async (root: string, { duration = 3, rounds = 3 } = {}): Promise<void> => {
  const missing = clusterToolsMissing();
  if (missing) {
    console.log(`\nshared state (Redis, HAProxy): skipped, ${missing}`);
    return;
  }
  const stops: (() => Promise<void>)[] = [];
  const servers: SharedStateServer[] = [];
  const add = (name: string, url: string) =>
    servers.push({ name, url, runs: Object.fromEntries(SHARED_CELLS.map((cell) => [cell.key, []])) });
  try {
    const memory = await startMock(root, 'stateful');
    stops.push(() => stopServer(memory.child));
    add('in memory, 1 process', memory.url);
    const redis = await startRedis();
    stops.push(() => redis.dispose());
    // Each configuration under a key prefix of its own: they share the Redis server, not the sessions.
    const one = await startReplica(redis.url, '', { MOCK_STORE_PREFIX: 'bench-one:' });
    stops.push(() => one.process.stop());
    add('Redis, 1 replica', one.process.url);
    const pair = [
      await startReplica(redis.url, '', { MOCK_STORE_PREFIX: 'bench-two:' }),
      await startReplica(redis.url, '', { MOCK_STORE_PREFIX: 'bench-two:' }),
    ];
    stops.push(...pair.map((replica) => () => replica.process.stop()));
    const balancer = await startHaproxy(pair.map((replica) => replica.port));
    stops.push(() => balancer.stop());
    add('Redis, 2 replicas + HAProxy', balancer.url);
    for (const server of servers) await checkAnswers(server.name, server.url);
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, cell] of SHARED_CELLS.entries()) {
        for (let turn = 0; turn < servers.length; turn += 1) {
          const server = servers[(turn + round + index) % servers.length];
          if (!server) continue;
          await resetSession(server.url);
          await load(server.url, cell.request, cell.connections, 1);
          const result = await load(server.url, cell.request, cell.connections, duration);
          server.runs[cell.key]?.push({
            perSecond: result.requests.average,
            p50: result.latency.p50,
            p99: result.latency.p99,
            errors: result.errors + result.non2xx,
          });
        }
      }
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }

  const figure = (server: SharedStateServer, key: string) => {
    const runs = server.runs[key] ?? [];
    return {
      perSecond: median(runs.map((run) => run.perSecond)),
      p99: median(runs.map((run) => run.p99)),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
    };
  };
  const [memory] = servers;
  if (!memory) return;
  console.log(`\nshared state (autocannon, 16 connections; per cell the median of ${rounds} rounds of ${duration} s, servers in turns)`);
  console.log(`${''.padEnd(40)}${servers.map((server) => server.name.padEnd(40)).join('')}`);
  for (const { key } of SHARED_CELLS) {
    const base = figure(memory, key).perSecond;
    const cells = servers.map((server) => {
      const { perSecond, p99, errors } = figure(server, key);
      const ratio = server === memory ? '' : `  ${(perSecond / base).toFixed(2)}x`;
      return `${perSecond.toFixed(0).padStart(6)} req/s  p99 ${String(p99).padStart(3)} ms${ratio}${errors ? `  (${errors} errors)` : ''}`.padEnd(
        40,
      );
    });
    console.log(`${key.padEnd(40)}${cells.join('')}`);
  }
};
