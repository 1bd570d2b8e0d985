import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// npm pretest without Chromium and without root: one line that says what to install, and a failure.
const script = new URL('../../scripts/ensure-chromium.sh', import.meta.url).pathname;

const runAsUser = (env: Record<string, string>) => {
  // As root here (CI containers): drop to nobody, the situation the message is for.
  const asUser =
    process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', 'bash', script] : ['bash', script];
  const [command = 'bash', ...args] = asUser;
  return spawnSync(command, args, { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, encoding: 'utf8' });
};

describe('scripts/ensure-chromium.sh', () => {
  it('without Chromium and without root fails with one line naming the package to install', () => {
    const result = runAsUser({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      "npm test needs Debian's chromium at /nonexistent/chromium for the browser tests: install it with 'sudo apt-get install chromium' and run npm test again",
    ]);
  });

  it('with Chromium present does nothing', () => {
    const result = runAsUser({ CHROMIUM_PATH: '/bin/sh' });
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });
});
