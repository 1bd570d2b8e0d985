import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, type MockProcess, startMockProcess } from '../../scripts/harness/mock-process';
import { processGroup, processTree } from '../../scripts/harness/process-tree';
import { API_KEY } from '../support/mock-credentials';

// SIGINT or SIGTERM to `npm run mock` or to the mock's node process stops every process of the mock within
// 2 s and frees the port (npm does not reliably pass signals on: the mock watches its npm parent).
let mock: MockProcess | undefined;
afterEach(async () => {
  await mock?.stop(500);
  mock = undefined;
});

const portRefuses = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

const stoppedWithin = async (pgid: number, port: number, ms: number): Promise<boolean> => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (processGroup(pgid).length === 0 && (await portRefuses(port))) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
};

const nodeOf = (npmPid: number): number => {
  const node = processTree(npmPid).find((p) => p.pid !== npmPid && readComm(p.pid).includes('mock/start.mjs'));
  if (!node) throw new Error('no node process under npm');
  return node.pid;
};

const readComm = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};

describe('stopping the mock', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to the npm process stops everything and frees the port',
    async (signal) => {
      mock = await startMockProcess({ viaNpm: true });
      const pid = mock.child.pid as number;
      expect((await fetch(`${mock.url}/v1/carts/current`, { headers: { Authorization: API_KEY } })).status).toBe(200);
      process.kill(pid, signal);
      expect(await stoppedWithin(pid, mock.port, 2000)).toBe(true);
    },
    60_000,
  );

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to the node process stops everything and frees the port',
    async (signal) => {
      mock = await startMockProcess({ viaNpm: true });
      const pid = mock.child.pid as number;
      process.kill(nodeOf(pid), signal);
      expect(await stoppedWithin(pid, mock.port, 2000)).toBe(true);
    },
    60_000,
  );

  it('a mock started with `npm run mock &` lives on when the shell that launched it exits', async () => {
    const port = await freePort();
    // The shell waits on its standard input, so it exits exactly when the test closes it: after the mock is up.
    const shell = spawn('bash', ['-c', 'npm run --silent mock >/dev/null 2>&1 & read -r _'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, PORT: String(port) },
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
    });
    const group = shell.pid as number;
    try {
      const health = async (): Promise<number> =>
        fetch(`http://127.0.0.1:${port}/__mock/health`).then(
          (answer) => answer.status,
          () => 0,
        );
      const deadline = Date.now() + 30_000;
      while ((await health()) !== 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await health()).toBe(200);
      const shellGone = new Promise((resolve) => shell.once('exit', resolve));
      shell.stdin?.end();
      await shellGone;
      // Several turns of the watcher (250 ms each) after the shell is gone.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await health()).toBe(200);
      process.kill(-group, 'SIGTERM');
      expect(await stoppedWithin(group, port, 2000)).toBe(true);
    } finally {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // Already stopped.
      }
    }
  }, 60_000);
});
