// The platform's own SDK, installed on demand into a temporary folder (never a dependency of the product) so
// the bench can put our figures next to it. Resolves undefined when it cannot be installed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SDK_DIR = join(tmpdir(), 'storefront-api-bench-platform-sdk');
const PACKAGES = ['@wix/sdk', '@wix/ecom'];

export const installPlatformSdk = () => {
  try {
    if (!existsSync(join(SDK_DIR, 'node_modules', '@wix', 'ecom'))) {
      mkdirSync(SDK_DIR, { recursive: true });
      writeFileSync(join(SDK_DIR, 'package.json'), '{"name":"bench-platform-sdk","private":true}');
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', ...PACKAGES], {
        cwd: SDK_DIR,
        stdio: 'ignore',
        timeout: 300_000,
      });
    }
    return SDK_DIR;
  } catch {
    return undefined;
  }
};
