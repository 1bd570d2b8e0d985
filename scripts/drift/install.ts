// Installs the platform's published SDK packages into a scratch folder, never into the product.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The packages of the services the spec covers: @wix/ecom holds back-in-stock and recommendations,
// @wix/identity holds authentication, verification, recovery and oauth.
export const PLATFORM_PACKAGES = [
  '@wix/ecom',
  '@wix/stores',
  '@wix/members',
  '@wix/reviews',
  '@wix/media',
  '@wix/redirects',
  '@wix/identity',
];

/** The folder holding node_modules/@wix: `reuse` when it already has the packages, else a fresh install. */
export const installPlatformPackages = (reuse: string | undefined): { dir: string; installed: boolean } => {
  if (reuse && existsSync(join(reuse, 'node_modules', '@wix', 'ecom'))) return { dir: reuse, installed: false };
  const dir = reuse ?? mkdtempSync(join(tmpdir(), 'platform-sdk-'));
  // --ignore-scripts: nothing of the platform runs at install time; only its type and metadata files are read.
  execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--ignore-scripts', ...PLATFORM_PACKAGES], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { dir, installed: true };
};
