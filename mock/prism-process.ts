import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
// The CLI entry itself, run with this Node: `npx prism` in the background leaves extra processes behind.
const prismEntry = join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

export interface PrismProcess {
  readonly url: string;
  stop(): Promise<void>;
}

const waitForHttp = async (url: string, child: ChildProcess, output: () => string): Promise<void> => {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Prism exited with code ${child.exitCode}: ${output()}`);
    try {
      await fetch(url, { method: 'HEAD' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`Prism did not answer on ${url} within 30 s: ${output()}`);
};

/** Starts `prism mock` for one bundled document on 127.0.0.1:port with request validation. */
export const startPrism = async (document: string, port: number, verbose: boolean): Promise<PrismProcess> => {
  const child = spawn(
    process.execPath,
    [prismEntry, 'mock', document, '--host', '127.0.0.1', '--port', String(port), '--errors', 'false'],
    { stdio: ['ignore', verbose ? 'inherit' : 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    if (verbose) process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(url, child, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
};
