// The platform's own SDK for compatibility tests, installed into a temporary folder once (then reused), never a
// dependency of the product. Pinned versions, so a run tests the same SDK; a failed install is an error, not a skip.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The SDK client and the service packages whose webhooks the spec declares. */
export const PLATFORM_SDK = { '@wix/sdk': '1.21.16', '@wix/ecom': '1.0.2509', '@wix/reviews': '1.0.106', '@wix/media': '1.0.276' } as const;

const specs = Object.entries(PLATFORM_SDK).map(([name, version]) => `${name}@${version}`);
export const PLATFORM_SDK_DIR = join(tmpdir(), `storefront-api-platform-sdk-${specs.join('_').replace(/[^a-z0-9.]+/gi, '-')}`);
const READY = join(PLATFORM_SDK_DIR, '.installed');

/** The folder holding node_modules/@wix; installs it first when it is not there yet (up to a few minutes). */
export const installPlatformSdk = (): string => {
  if (existsSync(READY)) return PLATFORM_SDK_DIR;
  const staging = mkdtempSync(join(tmpdir(), 'storefront-api-platform-sdk-staging-'));
  writeFileSync(join(staging, 'package.json'), JSON.stringify({ name: 'platform-sdk-compat', private: true, type: 'module' }));
  try {
    // --ignore-scripts: nothing of the platform runs at install time.
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', '--loglevel=error', ...specs], {
      cwd: staging,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 280_000,
      encoding: 'utf8',
    });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const lines = String((error as { stderr?: string }).stderr ?? (error as Error).message)
      .trim()
      .split('\n');
    const telling = lines.filter((line) => /\b(code|errno|request to|reason|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|E404)\b/.test(line));
    const said = (telling.length > 0 ? telling.slice(0, 4) : lines.slice(-5)).join('\n');
    throw new Error(
      `Could not install the platform SDK (${specs.join(' ')}) into a temporary folder, so its compatibility with the ` +
        `mock's events cannot be tested. This test needs the npm registry, or these versions in the npm cache.\nnpm said:\n${said}`,
    );
  }
  writeFileSync(join(staging, '.installed'), specs.join('\n'));
  try {
    renameSync(staging, PLATFORM_SDK_DIR);
  } catch {
    // Another run installed it meanwhile: use that one.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(READY)) throw new Error(`the platform SDK folder ${PLATFORM_SDK_DIR} exists but is not a complete install; delete it`);
  }
  return PLATFORM_SDK_DIR;
};
