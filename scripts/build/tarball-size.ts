// The package tarball's size, as `npm pack` would write it, and its budget: both families' documents (once, as
// the modules the MSW entry and the command share), their types and the two bundles of the mock make up most of it.
import { execFileSync } from 'node:child_process';

/** 1 MB: 868 kB measured (1.55 MB before the documents were shipped once); room for the spec to grow, not for a new dependency tree. */
export const TARBALL_BUDGET_BYTES = 1_000_000;

export interface TarballSize {
  /** The .tgz, in bytes. */
  readonly packed: number;
  readonly unpacked: number;
  readonly files: number;
}

/** Measures the tarball of the package at `root` without writing it (run after `npm run build`). */
export const tarballSize = (root: string): TarballSize => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], { cwd: root, encoding: 'utf8' });
  const [pack] = JSON.parse(out) as { size: number; unpackedSize: number; entryCount: number }[];
  if (!pack) throw new Error('npm pack --dry-run printed no package');
  return { packed: pack.size, unpacked: pack.unpackedSize, files: pack.entryCount };
};
