// A real npm registry for one run: Verdaccio (pinned in devDependencies) on 127.0.0.1 and a free port, its
// storage in a temporary folder, no uplinks (nothing is fetched from or published past it), started as its own
// process group and stopped with it. A user is created through the registry's own login call, so `npm publish`
// runs as it does against any registry. Packages it must serve besides ours (the package's own dependencies)
// are published into it from npm's cache (`publishFromCache`).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './mock-process';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface NpmRegistry {
  /** `http://127.0.0.1:PORT/` */
  readonly url: string;
  /** An npm user config holding the registry and the publishing user's token. */
  readonly userconfig: string;
  /** Publishes a tarball. */
  publish(tarball: string): void;
  /** Publishes exact versions (`jose@6.2.17`) as npm's cache holds them. */
  publishFromCache(...specs: string[]): void;
  stop(): Promise<void>;
}

const config = (storage: string): string =>
  [
    `storage: ${storage}`,
    'auth:',
    '  htpasswd:',
    `    file: ${join(storage, 'htpasswd')}`,
    '    max_users: 10',
    'uplinks: {}',
    'packages:',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    '    unpublish: $authenticated',
    'web:',
    '  enable: false',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');

const stopGroup = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {
      resolve();
    }
    setTimeout(() => {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        // Gone.
      }
    }, 3000).unref();
  });

export const startNpmRegistry = async (): Promise<NpmRegistry> => {
  const dir = mkdtempSync(join(tmpdir(), 'npm-registry-'));
  const storage = join(dir, 'storage');
  writeFileSync(join(dir, 'config.yaml'), config(storage));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules', 'verdaccio', 'bin', 'verdaccio'), '--config', join(dir, 'config.yaml'), '--listen', `127.0.0.1:${port}`],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, VERDACCIO_STORAGE_PATH: storage } },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const stop = async () => {
    await stopGroup(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Verdaccio exited: ${output.slice(-2000)}`);
      const ping = await fetch(`${url}-/ping`).catch(() => undefined);
      if (ping?.ok) break;
      if (Date.now() > deadline) throw new Error(`Verdaccio did not answer on ${url} within 30 s: ${output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const login = await fetch(`${url}-/user/org.couchdb.user:publisher`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'publisher', password: 'publisher-password' }),
    });
    const { token } = (await login.json()) as { token?: string };
    if (!token) throw new Error(`Verdaccio refused to create a user (${login.status})`);
    const userconfig = join(dir, 'npmrc');
    writeFileSync(userconfig, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    const npm = (cwd: string, ...args: string[]) =>
      execFileSync('npm', [...args, '--userconfig', userconfig, '--registry', url, '--loglevel=error'], {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    return {
      url,
      userconfig,
      publish: (tarball) => void npm(dir, 'publish', tarball, '--ignore-scripts'),
      publishFromCache: (...specs) => {
        const packed = mkdtempSync(join(dir, 'packed-'));
        // Packed from the public registry's entries in npm's cache (the default registry, not this one).
        execFileSync('npm', ['pack', ...specs, '--prefer-offline', '--loglevel=error', '--pack-destination', packed], {
          cwd: packed,
          stdio: 'ignore',
        });
        for (const tarball of readdirSync(packed)) npm(dir, 'publish', join(packed, tarball), '--ignore-scripts', '--tag', 'latest');
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
