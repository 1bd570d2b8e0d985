// Whether generated/ was written by `npm run generate` from the spec as it is now. The fingerprint of what it
// was generated from (and of what it wrote) is kept in node_modules/.cache, outside the repo: a fresh clone
// has none and generates once.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inputsHash } from '../../docs-site/build/index';
import { FAMILIES } from '../../src/protocol';

const GENERATOR_INPUTS = [
  'spec',
  'spec-model',
  'scripts/generate.ts',
  'src/protocol',
  'redocly.yaml',
  'src/operations',
  'package-lock.json',
];

const stampFile = (root: string): string => join(root, 'node_modules', '.cache', 'storefront-api', 'generated.json');

const fingerprint = (root: string) => ({ inputs: inputsHash(root, GENERATOR_INPUTS), output: inputsHash(root, ['generated']) });

/** Why generated/ must be written again, or undefined when it is fresh. */
export const generatedStaleness = (root: string): string | undefined => {
  if (FAMILIES.some((family) => !existsSync(join(root, 'generated', family, 'openapi.yaml')))) return 'generated/ is missing';
  if (!existsSync(stampFile(root))) return 'no record of what generated/ was made from (first start here)';
  try {
    const stamp = JSON.parse(readFileSync(stampFile(root), 'utf8')) as { inputs?: string; output?: string };
    const now = fingerprint(root);
    if (stamp.inputs !== now.inputs) return 'the spec or the generator changed';
    if (stamp.output !== now.output) return 'generated/ was changed by hand';
    return undefined;
  } catch {
    return 'the record of what generated/ was made from is unreadable';
  }
};

export const recordGenerated = (root: string): void => {
  mkdirSync(dirname(stampFile(root)), { recursive: true });
  writeFileSync(stampFile(root), JSON.stringify(fingerprint(root)));
};
