// A fingerprint of the files something is built from, to rebuild only when one of them changed (git checkouts
// reset modification times, so content is compared, not dates).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const filesUnder = (root: string, entry: string): string[] => {
  const path = join(root, entry);
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [entry];
  return readdirSync(path, { recursive: true })
    .map((name) => join(path, String(name)))
    .filter((file) => !file.includes(`${join('node_modules', '')}`) && statSync(file).isFile())
    .map((file) => relative(root, file));
};

/** SHA-256 over the paths and contents of every file under `entries` (files or folders, relative to `root`). */
export const inputsHash = (root: string, entries: readonly string[]): string => {
  const hash = createHash('sha256');
  for (const file of entries.flatMap((entry) => filesUnder(root, entry)).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
};
