// npm start: generate if generated/ is missing or stale, build the site if it is missing or stale, then serve
// the mock ($PORT, default 4010) and the site ($SITE_PORT, default 4011) on 127.0.0.1 until Ctrl-C or SIGTERM
// (or until the npm process that started it is gone).
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSite,
  DEFAULT_MOCK_URL,
  SITE_CONFIG_FILE,
  SITE_DIR,
  type StaticSite,
  serveStatic,
  siteIsFresh,
  withMock,
} from '../docs-site/build/index';
import { ConfigError, type MockConfig, readMockConfig } from '../mock/config';
import { watchNpmParent } from '../mock/lifecycle/watch-npm-parent';
import { type RunningMock, startMock } from '../mock/start-mock';
import { generatedStaleness, recordGenerated } from './start/generated-freshness';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIRST_OPERATION = 'listRecommendationAlgorithms';

let config: MockConfig;
let sitePort: number;
try {
  config = readMockConfig(process.env);
  sitePort = Number(process.env.SITE_PORT ?? 4011);
  if (!Number.isInteger(sitePort) || sitePort < 0 || sitePort > 65535)
    throw new ConfigError(`SITE_PORT must be an integer from 0 to 65535, got "${process.env.SITE_PORT}"`);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}

let stopRequested: string | undefined;
let onStop: (reason: string) => void = (reason) => (stopRequested ??= reason);
watchNpmParent(process.env, (reason) => onStop(reason));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => onStop(signal));

const stale = generatedStaleness(root);
if (stale) {
  console.log(`generating generated/ (${stale})…`);
  execFileSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/generate.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  recordGenerated(root);
}
if (!siteIsFresh(root)) {
  console.log('building the site (docs-site/dist/ is missing or older than its sources)…');
  await buildSite();
}

const log = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);
process.on('uncaughtException', (error) => log(`uncaught: ${error.stack ?? String(error)}`));
process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}`));

let mock: RunningMock | undefined;
let site: StaticSite | undefined;
try {
  mock = await startMock({ ...config, ...(config.publicUrl && { publicUrl: config.publicUrl }), log });
  // The site names the mock it is served with: every page reads docs-site/dist/config.json, served from memory here (docs-site/src/site/site-mock.ts).
  const mockUrl = (config.publicUrl ?? mock.url).replace(/\/+$/, '');
  site = await serveStatic(SITE_DIR, { port: sitePort, files: { [`/${SITE_CONFIG_FILE}`]: JSON.stringify({ mockUrl }) } });
} catch (error) {
  console.error(`could not start: ${(error as Error).message}`);
  await mock?.close();
  process.exit(1);
}

const siteUrl = `${site.url}/`;
const explorer = (hash = ''): string =>
  mock?.url === DEFAULT_MOCK_URL ? `${siteUrl}explorer/${hash}` : withMock(`${siteUrl}explorer/${hash}`, mock?.url ?? DEFAULT_MOCK_URL);
console.log(`mock ready on ${mock.url} (commerce + platform, ${config.mode} mode)`);
console.log(
  `site ready on ${siteUrl} (reference: ${siteUrl}reference/commerce.html, ${siteUrl}reference/platform.html; explorer: ${explorer()}; guides: ${siteUrl}guides/)`,
);
console.log(
  `first thing to try: open ${explorer(`#/operation/${FIRST_OPERATION}`)} and press Send (GET /v1/recommendations/algorithms, answer checked against the contract)`,
);
console.log('stop with Ctrl-C');

let stopping = false;
onStop = (reason: string): void => {
  if (stopping) return;
  stopping = true;
  // Never wait on a stuck close: the ports must be free within two seconds.
  setTimeout(() => process.exit(0), 1500).unref();
  void Promise.all([mock?.close(), site?.close()]).then(() => {
    console.log(`stopped (${reason})`);
    process.exit(0);
  });
};
if (stopRequested) onStop(stopRequested);
