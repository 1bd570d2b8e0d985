import { spawn } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/harness/mock-process';
import { snippetsOf } from '../support/doc-snippets';

// Every shell block of the QA guide, run in order in one bash against the run's mock, as a reader would paste
// them: each curl's status must be the one the guide writes on the line after it (`# → 200`).
const GUIDE = 'docs/qa-guide.md';
const STATUS = /^#\s*→\s*(\d{3})\b/;
// curl reports each status on stderr, so a command whose output is captured (`X=$(curl ...)`) still counts.
const PRELUDE = `curl() { command curl -w '%{stderr}curl-status %{http_code}\\n' "$@"; }\n`;

describe('the QA guide', () => {
  it('runs every curl command against the mock with the status it documents', async () => {
    const blocks = snippetsOf(GUIDE).filter((snippet) => snippet.lang === 'sh');
    expect(blocks.length).toBeGreaterThan(3);
    const script = blocks.map((block) => block.code).join('\n');
    const documented = script
      .split('\n')
      .map((line) => STATUS.exec(line.trim())?.[1])
      .filter((status): status is string => status !== undefined);
    // Every curl command (continuation lines joined) is followed by its status.
    const commands = script.replace(/\\\n/g, ' ').split('\n');
    commands.forEach((line, index) => {
      if (/(^|\$\()\s*curl\s/.test(line.trim())) expect(commands[index + 1]?.trim(), line).toMatch(STATUS);
    });

    const receiverPort = await freePort();
    const run = `${PRELUDE}${script.replace(/^M=\S+/m, `M=${inject('mockUrl')}`).replace(/^R_PORT=\S+/m, `R_PORT=${receiverPort}`)}\n`;
    const child = spawn('bash', ['-c', run], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    // The guide's receiver runs in the background: stop the whole group.
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {
      // Already gone.
    }
    expect(code, stderr).toBe(0);
    const answered = [...stderr.matchAll(/^curl-status (\d{3})$/gm)].map((match) => match[1]);
    expect(answered, stdout.slice(-2000)).toEqual(documented);
    // The receiver got the signed deliveries the guide subscribed it to.
    expect(stdout).toMatch(/\/hooks eyJ/);
    expect(stdout).toContain('"status":"delivered"');
  }, 60_000);
});
