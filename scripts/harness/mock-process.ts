// The real mock as a separate process (`node mock/start.mjs` as `npm start` runs it, or `npm run mock`), in a process
// group of its own so the test that started it can stop it and everything it started.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const root = new URL('../..', import.meta.url).pathname;

/** The node arguments `npm start` runs the mock with (`exec node <args>` in package.json). */
export const startArguments = (): string[] => {
  const script = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: { mock: string } }).scripts.mock;
  const args = script.replace(/^exec\s+/, '').split(/\s+/);
  if (args[0] !== 'node') throw new Error(`npm start runs "${script}", not node`);
  return args.slice(1);
};

export interface MockProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly port: number;
  output(): string;
  readonly exited: Promise<number | null>;
  /** Stops the whole process group: SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

const killGroup = (pid: number | undefined, signal: NodeJS.Signals): void => {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
};

export interface StartOptions {
  readonly env?: Record<string, string>;
  /** Start through `npm run mock` instead of node directly. */
  readonly viaNpm?: boolean;
  readonly timeoutMs?: number;
  /** Default: a free one. */
  readonly port?: number;
}

export const startMockProcess = async ({
  env = {},
  viaNpm = false,
  timeoutMs = 30_000,
  ...options
}: StartOptions = {}): Promise<MockProcess> => {
  const port = options.port ?? (await freePort());
  const child = viaNpm
    ? spawn('npm', ['run', '--silent', 'mock'], {
        cwd: root,
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
    : spawn(process.execPath, startArguments(), {
        cwd: root,
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('mock ready')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      killGroup(child.pid, 'SIGKILL');
      throw new Error(`mock did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    stop: async (graceMs = 3000) => {
      killGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // Whatever is left of the group (there should be nothing) goes too.
      killGroup(child.pid, 'SIGKILL');
    },
  };
};
