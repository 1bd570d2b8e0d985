// A cluster of the mock on 127.0.0.1, from real parts: Debian's redis-server, mock replicas started as `npm start`
// starts one (MOCK_STORE=redis://...), and Debian's haproxy running deploy/haproxy.cfg. Each part runs in a
// process group of its own, on free ports, and is stopped with everything it started. For the cluster tests and
// the bench.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type MockProcess, startMockProcess } from './mock-process';

const root = new URL('../..', import.meta.url).pathname;
/** Prints deploy/haproxy.cfg with a server line per replica port. */
export const HAPROXY_CONFIG_SCRIPT = join(root, 'deploy', 'haproxy-config.sh');
/** Replicas a cluster has unless told otherwise (the balancer's config is made for however many there are). */
export const DEFAULT_REPLICAS = 3;

/** Why the cluster cannot run here (a program missing), or undefined. */
export const clusterToolsMissing = (): string | undefined => {
  const missing = ['redis-server', 'haproxy'].filter((program) => spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0);
  return missing.length > 0 ? `${missing.join(' and ')} not installed (apt-get install redis-server haproxy)` : undefined;
};

interface Group {
  readonly child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const killGroup = (pid: number | undefined, signal: NodeJS.Signals) => {
  try {
    if (pid) process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
};

const startGroup = (command: string, args: string[], env: Record<string, string> = {}): Group => {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(child.pid, signal);
      const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      killGroup(child.pid, 'SIGKILL');
    },
  };
};

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const waitFor = async (what: string, ready: () => boolean | Promise<boolean>, group: Group, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (group.child.exitCode !== null || Date.now() > deadline) throw new Error(`${what} did not start: ${group.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>/0`. */
  readonly url: string;
  /** Starts it again on the same port and data folder (after `stop`). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its data folder. */
  dispose(): Promise<void>;
}

/** redis-server on a free port; `persistent`: every write appended to a file (fsync each second), read back on start. */
export const startRedis = async ({ persistent = false }: { persistent?: boolean } = {}): Promise<RedisServer> => {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mock-redis-'));
  let group: Group | undefined;
  const start = async () => {
    const started = startGroup('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      persistent ? 'yes' : 'no',
      '--dir',
      dir,
    ]);
    group = started;
    await waitFor('redis-server', () => started.output().includes('Ready to accept connections'), started);
  };
  await start();
  const stop = async () => {
    await group?.stop();
  };
  return {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

export interface Balancer {
  readonly port: number;
  readonly url: string;
  /** What haproxy printed (its alerts and warnings among it). */
  output(): string;
  stop(): Promise<void>;
}

/** haproxy with deploy/haproxy.cfg in front of the given replica ports (one server line each). */
export const startHaproxy = async (replicaPorts: readonly number[]): Promise<Balancer> => startHaproxyOn(await freePort(), replicaPorts);

export interface Replica {
  readonly port: number;
  process: MockProcess;
  /** Starts it again on its port (after a stop or a kill). */
  restart(): Promise<void>;
}

/** A mock replica on a port of its own with its state in Redis; links it hands out point at `publicUrl`. */
export const startReplica = async (redisUrl: string, publicUrl: string, env: Record<string, string> = {}): Promise<Replica> => {
  const port = await freePort();
  const processEnv = { MOCK_STORE: redisUrl, MOCK_PUBLIC_URL: publicUrl, ...env };
  const replica: Replica = {
    port,
    process: await startMockProcess({ env: processEnv, port }),
    async restart() {
      replica.process = await startMockProcess({ env: processEnv, port });
    },
  };
  return replica;
};

export interface Cluster {
  readonly redis: RedisServer;
  readonly replicas: Replica[];
  readonly balancer: Balancer;
  stop(): Promise<void>;
}

/** Redis, `count` replicas and HAProxy in front of them. */
export const startCluster = async ({
  count = DEFAULT_REPLICAS,
  persistent = false,
  env = {},
}: {
  count?: number;
  persistent?: boolean;
  env?: Record<string, string>;
} = {}): Promise<Cluster> => {
  const redis = await startRedis({ persistent });
  const started: Replica[] = [];
  let balancer: Balancer | undefined;
  const stop = async () => {
    await balancer?.stop();
    await Promise.all(started.map((replica) => replica.process.stop()));
    await redis.dispose();
  };
  try {
    // The balancer's port comes first: every replica hands out links to it.
    const lbPort = await freePort();
    const publicUrl = `http://127.0.0.1:${lbPort}`;
    for (let index = 0; index < count; index += 1) started.push(await startReplica(redis.url, publicUrl, env));
    balancer = await startHaproxyOn(
      lbPort,
      started.map((replica) => replica.port),
    );
    return { redis, replicas: started, balancer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

const startHaproxyOn = async (port: number, replicaPorts: readonly number[]): Promise<Balancer> => {
  const dir = mkdtempSync(join(tmpdir(), 'mock-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, execFileSync('sh', [HAPROXY_CONFIG_SCRIPT, ...replicaPorts.map(String)], { encoding: 'utf8' }));
  const group = startGroup('haproxy', ['-f', config, '-db'], { MOCK_LB_PORT: String(port) });
  await waitFor('haproxy', () => accepts(port), group);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => group.output(),
    async stop() {
      await group.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
