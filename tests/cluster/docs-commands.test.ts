// docs/cluster.md's commands, run as a reader runs them (its `sh` block in bash, on free ports instead of 4010-4013
// and 6379, in a process group of its own that is stopped afterwards), then called through HAProxy.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../scripts/harness/mock-process';

const root = new URL('../..', import.meta.url).pathname;
const guide = readFileSync(join(root, 'docs', 'cluster.md'), 'utf8');
const block = /```sh\n([\s\S]*?)```/.exec(guide)?.[1] ?? '';
const redisDir = mkdtempSync(join(tmpdir(), 'mock-docs-redis-'));
let group: number | undefined;

afterAll(() => {
  try {
    if (group) process.kill(-group, 'SIGKILL');
  } catch {
    // Already gone.
  }
  rmSync(redisDir, { recursive: true, force: true });
});

it('starts Redis, three replicas and HAProxy with the commands of docs/cluster.md', async () => {
  expect(block).toContain('deploy/haproxy-config.sh $replicas');
  const ports = new Map<string, number>();
  for (const port of ['6379', '4010', '4011', '4012', '4013']) ports.set(port, await freePort());
  const script = block.replace(/\b(6379|4010|4011|4012|4013)\b/g, (port) => String(ports.get(port)));
  const child = spawn('bash', ['-c', script], {
    cwd: root,
    env: { ...process.env, REDIS_DIR: redisDir },
    stdio: 'ignore',
    detached: true,
  });
  group = child.pid;
  const balancer = `http://127.0.0.1:${ports.get('4010')}`;
  const deadline = Date.now() + 60_000;
  const replicas = new Set<string | null>();
  let sessions: string[] = [];
  // Ready when every replica has answered through the balancer.
  while (replicas.size < 3 && Date.now() < deadline) {
    const answer = await fetch(`${balancer}/v1/carts/current`, {
      headers: { authorization: 'mock-api-key', 'x-mock-session': 'docs' },
    }).catch(() => undefined);
    if (answer?.status === 200) replicas.add(answer.headers.get('x-mock-replica'));
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect([...replicas].sort()).toEqual(['replica1', 'replica2', 'replica3']);
  sessions = ((await (await fetch(`${balancer}/__mock/health`)).json()) as { sessions: string[] }).sessions;
  expect(sessions).toContain('docs');
}, 90_000);
