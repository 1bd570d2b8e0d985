// The version check behind `npm run check:version` (scripts/check-version.ts says the rules).
import { asJsonObject } from '../../spec-model/json';
import { parseYaml } from '../../spec-model/load';
import { FAMILIES } from '../../src/protocol';
import { requiredBump } from './classify';
import { compareDocuments, fileAt, pointName } from './compare';
import { bumpCovers, nextVersion, releases, versionAt } from './releases';

export interface VersionVerdict {
  readonly problems: string[];
  readonly notes: string[];
}

const infoVersion = (text: string | undefined): unknown => asJsonObject(asJsonObject(parseYaml(text ?? '{}'))?.info)?.version;

export const checkVersion = (root: string): VersionVerdict => {
  const problems: string[] = [];
  const notes: string[] = [];
  const version = versionAt(root, 'worktree');
  if (version === undefined) return { problems: ['package.json has no version'], notes };
  for (const family of FAMILIES) {
    for (const path of [`spec/${family}/openapi.yaml`, `generated/${family}/openapi.yaml`]) {
      const declared = infoVersion(fileAt(root, 'worktree', path));
      if (declared !== version) problems.push(`${path} declares info.version ${String(declared)}, package.json ${version}`);
    }
  }
  const [release, previous] = releases(root);
  if (!release) return { problems, notes };
  notes.push(`version ${version}, set at ${pointName(release.point)}`);
  // A major bump covers any change: nothing to walk.
  if (previous && !bumpCovers(previous.version, version, 'major')) {
    const { changes, missing } = compareDocuments(root, previous.point, release.point);
    const bump = missing.length > 0 ? 'none' : requiredBump(changes);
    if (missing.length > 0) notes.push(`${previous.version} (${pointName(previous.point)}) has no bundled documents: nothing to compare`);
    if (!bumpCovers(previous.version, version, bump))
      problems.push(
        `the changes from ${previous.version} (${pointName(previous.point)}) call for a ${bump} bump: ${nextVersion(previous.version, bump === 'none' ? 'patch' : bump)}, not ${version} (npm run changes -- ${pointName(previous.point)})`,
      );
  }
  if (release.point !== 'worktree') {
    const { changes } = compareDocuments(root, release.point, 'worktree');
    const breaking = changes.filter((change) => change.audience !== 'additive');
    if (breaking.length > 0)
      problems.push(
        `${breaking.length} breaking change(s) since ${version} was set (${pointName(release.point)}), first: ${breaking[0]?.family} ${breaking[0]?.operation} ${breaking[0]?.where}: ${breaking[0]?.what}; bump package.json and both documents' info.version to ${nextVersion(version, 'major')} (npm run changes -- ${pointName(release.point)})`,
      );
    else if (changes.length > 0)
      notes.push(`${changes.length} additive change(s) since ${version}: the next release is ${nextVersion(version, 'minor')}`);
  }
  return { problems, notes };
};
