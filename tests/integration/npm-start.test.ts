import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processGroup } from '../../scripts/harness/process-tree';
import { API_KEY } from '../support/mock-credentials';

// `npm start`, the README's main command, in a scratch copy of the repo (so its generation step never touches
// this work tree's generated/ while other tests read it): generate, serve the mock and the built site, print
// both URLs and the first thing to try, and stop everything on SIGTERM.
const root = new URL('../..', import.meta.url).pathname;
const COPIED = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'redocly.yaml',
  'spec',
  'spec-model',
  'src',
  'generated',
  'mock',
  'scripts',
  'docs-site',
  'docs',
];
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'npm-start-'));
  for (const entry of COPIED) cpSync(join(root, entry), join(scratch, entry), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  // As after a fresh clone without generated output: npm start must generate first.
  rmSync(join(scratch, 'generated', 'commerce', 'openapi.yaml'));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm start', () => {
  it('generates what is missing, serves the mock and the site, says where and what to try first, and stops on SIGTERM', async () => {
    const child = spawn('npm', ['start'], {
      cwd: scratch,
      env: { ...process.env, PORT: '0', SITE_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await expect.poll(() => output, { timeout: 90_000, interval: 200 }).toContain('first thing to try');
      expect(output).toContain('generating generated/ (generated/ is missing)');
      const mockUrl = /mock ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      const siteUrl = /site ready on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1];
      if (!mockUrl || !siteUrl) throw new Error(`no URLs in:\n${output}`);
      expect(output).toContain(
        `first thing to try: open ${siteUrl}explorer/?mock=${mockUrl}#/operation/listRecommendationAlgorithms and press Send`,
      );

      const home = await fetch(siteUrl);
      expect(home.status).toBe(200);
      const html = await home.text();
      for (const link of ['./reference/commerce.html', './reference/platform.html', './explorer/'])
        expect(html).toContain(`href="${link}"`);
      for (const path of ['explorer/', 'reference/commerce.html', 'reference/platform.html'])
        expect((await fetch(siteUrl + path)).status, path).toBe(200);
      // The stateful mock knows only the tokens it minted, and the API key.
      const algorithms = await fetch(`${mockUrl}/v1/recommendations/algorithms`, { headers: { authorization: API_KEY } });
      expect(algorithms.status).toBe(200);

      process.kill(-(child.pid ?? 0), 'SIGTERM');
      await exited;
      await expect.poll(() => processGroup(child.pid ?? 0).length, { timeout: 5_000 }).toBe(0);
      await expect(fetch(siteUrl)).rejects.toThrow();
      await expect(fetch(mockUrl)).rejects.toThrow();
    } finally {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        // Already stopped.
      }
    }
  }, 120_000);
});
