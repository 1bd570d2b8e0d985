// Whether docs-site/dist/ was built from the files as they are now.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputsHash } from './inputs-hash';

export const STAMP_FILE = 'build-stamp.json';

/** What the site is built from: its own sources, the guides, the bundled documents, the package and the spec reader. */
const SITE_INPUTS = [
  'docs-site/index.html',
  'docs-site/explorer/index.html',
  'docs-site/src',
  'docs-site/build',
  'docs-site/vite.config.ts',
  'docs-site/public',
  'docs',
  'generated',
  'src',
  'spec-model',
  'package-lock.json',
];

export const siteInputsHash = (root: string): string => inputsHash(root, SITE_INPUTS);

export const siteIsFresh = (root: string): boolean => {
  const stamp = join(root, 'docs-site', 'dist', STAMP_FILE);
  if (!existsSync(stamp)) return false;
  try {
    return (JSON.parse(readFileSync(stamp, 'utf8')) as { inputs?: string }).inputs === siteInputsHash(root);
  } catch {
    return false;
  }
};
