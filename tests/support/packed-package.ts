// The package as `npm pack` makes it, for the tests that install it into a scratch app, and the npm and tsc runs
// those apps are driven with.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const npm = (cwd: string, ...args: string[]): string =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** What the repository's tsc reports for `project` ('' when it compiles). */
export const tsc = (cwd: string, project: string): string => {
  try {
    execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd, encoding: 'utf8' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
};

/**
 * Builds dist/ and packs the package into `scratch`; returns the tarball's path and the staged copy it was packed
 * from. Packed from a copy of what npm packs, so the prepack's rewrite of package.json never shows to a test
 * reading the repository's at the same moment.
 */
export const packPackage = (scratch: string): { tarball: string; staged: string } => {
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build.ts')], { cwd: root, stdio: 'ignore' });
  const staged = join(scratch, 'package');
  mkdirSync(staged);
  for (const name of ['package.json', 'README.md', 'CHANGELOG.md', 'dist'])
    cpSync(join(root, name), join(staged, name), { recursive: true });
  npm(staged, 'pack', '--pack-destination', scratch);
  const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz')) ?? 'missing.tgz';
  return { tarball: join(scratch, tarball), staged };
};
