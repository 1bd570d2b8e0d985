import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// npm pretest without redis-server or haproxy and without root: one line that says what to install, and a failure.
const script = new URL('../../scripts/ensure-cluster-tools.sh', import.meta.url).pathname;

const runAsUser = (env: Record<string, string>) => {
  // As root here (CI containers): drop to nobody, the situation the message is for.
  const asUser =
    process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', 'bash', script] : ['bash', script];
  const [command = 'bash', ...args] = asUser;
  return spawnSync(command, args, { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, encoding: 'utf8' });
};

describe('scripts/ensure-cluster-tools.sh', () => {
  it('without either program and without root fails with one line naming the packages to install', () => {
    const result = runAsUser({ REDIS_SERVER_PATH: '/nonexistent/redis-server', HAPROXY_PATH: '/nonexistent/haproxy' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      "npm test needs Debian's redis-server haproxy for the cluster tests: install with 'sudo apt-get install redis-server haproxy' and run npm test again",
    ]);
  });

  it('names only what is missing', () => {
    const result = runAsUser({ REDIS_SERVER_PATH: '/bin/sh', HAPROXY_PATH: '/nonexistent/haproxy' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("'sudo apt-get install haproxy'");
  });

  it('with both present does nothing', () => {
    const result = runAsUser({ REDIS_SERVER_PATH: '/bin/sh', HAPROXY_PATH: '/bin/sh' });
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });
});
