// Releases as the repository's history records them: a release is the commit that sets package.json's version
// (or the working tree, when it changes the version HEAD has). Its documents are what that version promises.
// Works on any clone with history (CI's fresh clone of main included); a shallow clone sees only the releases
// inside its depth.
import { execFileSync } from 'node:child_process';
import { fileAt, type Point } from './compare';

export interface Release {
  readonly version: string;
  /** Where the version was set. */
  readonly point: Point;
}

export const versionAt = (root: string, point: Point): string | undefined => {
  const text = fileAt(root, point, 'package.json');
  if (text === undefined) return undefined;
  const version = (JSON.parse(text) as { version?: unknown }).version;
  return typeof version === 'string' ? version : undefined;
};

/** Every release, newest first: each run of commits with one version, named by its oldest commit. */
export const releases = (root: string): Release[] => {
  const commits = execFileSync('git', ['log', '--format=%H', '--', 'package.json'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const points: Point[] = ['worktree', ...commits.map((ref) => ({ ref }))];
  const found: Release[] = [];
  for (const point of points) {
    const version = versionAt(root, point);
    if (version === undefined) continue;
    const last = found.at(-1);
    if (last?.version === version) found[found.length - 1] = { version, point };
    else found.push({ version, point });
  }
  return found;
};

type Semver = readonly [number, number, number];

export const parseSemver = (version: string): Semver => {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`"${version}" is not a release version (MAJOR.MINOR.PATCH)`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
};

/** The version after `version` that the bump calls for (below 1.0.0 a breaking change moves the minor). */
export const nextVersion = (version: string, bump: 'major' | 'minor' | 'patch'): string => {
  const [major, minor, patch] = parseSemver(version);
  const effective = major === 0 ? (bump === 'major' ? 'minor' : 'patch') : bump;
  if (effective === 'major') return `${major + 1}.0.0`;
  if (effective === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
};

const compare = (a: Semver, b: Semver): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether going from `from` to `to` is at least the bump the changes call for. */
export const bumpCovers = (from: string, to: string, bump: 'major' | 'minor' | 'patch' | 'none'): boolean => {
  if (compare(parseSemver(to), parseSemver(from)) < 0) return false;
  if (bump === 'none') return true;
  return compare(parseSemver(to), parseSemver(nextVersion(from, bump))) >= 0;
};
