// npm run changes -- [BASE]: what changed in both families' bundled documents between BASE (a git ref; by default
// the release that set package.json's version) and the working tree, grouped by who it breaks, and the version
// that calls for. `--all` lists every additive change (otherwise the first 40); `--root=DIR` reads another clone.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Audience, Change } from './changes/classify';
import { requiredBump } from './changes/classify';
import { compareDocuments, type Point, pointName } from './changes/compare';
import { nextVersion, releases, versionAt } from './changes/releases';

const args = process.argv.slice(2);
const rootFlag = args.find((arg) => arg.startsWith('--root='));
const root = rootFlag ? rootFlag.slice('--root='.length) : join(dirname(fileURLToPath(import.meta.url)), '..');
const all = args.includes('--all');
const ref = args.find((arg) => !arg.startsWith('--'));
const base: Point = ref ? { ref } : (releases(root)[0]?.point ?? 'worktree');

const HEADINGS: Record<Audience, string> = {
  callers: 'Breaking for callers (requests that worked may now be refused)',
  readers: 'Breaking for readers of answers (code reading answers may now miss or misread a value)',
  additive: 'Additive (nothing that worked breaks)',
};

const { changes, missing } = compareDocuments(root, base, 'worktree');
console.log(`Changes from ${pointName(base)} to the working tree (generated/<family>/openapi.yaml)`);
for (const family of missing) console.log(`  ${family}: no bundled document at ${pointName(base)}; not compared`);
for (const audience of ['callers', 'readers', 'additive'] as const) {
  const group = changes.filter((change) => change.audience === audience);
  console.log(`\n${HEADINGS[audience]}: ${group.length}`);
  const shown = audience === 'additive' && !all ? group.slice(0, 40) : group;
  for (const change of shown) console.log(`  ${line(change)}`);
  if (shown.length < group.length) console.log(`  ... ${group.length - shown.length} more (--all lists them)`);
}
const bump = requiredBump(changes);
const from = versionAt(root, base) ?? '0.0.0';
const current = versionAt(root, 'worktree') ?? '0.0.0';
console.log(
  `\nBump: ${bump}${bump === 'none' ? '' : ` (from ${from} at ${pointName(base)}: ${nextVersion(from, bump)} or later)`}; package.json has ${current}`,
);

function line(change: Change): string {
  return `${change.family}  ${change.operation}  ${change.where}: ${change.what}`;
}
