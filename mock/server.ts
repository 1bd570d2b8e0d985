// npm run mock / npm start / the package's `storefront-mock` command: serves both families on 127.0.0.1:$PORT
// (default 4010) until SIGINT or SIGTERM, or until the npm process that started it is gone. Exit codes: 0 when
// stopped (or after --help), 1 when it cannot start, 2 for a bad flag or value; each failure is one line.
import { apiVersion } from '../spec-model/api-version';
import { ConfigError, helpText, type MockConfig, parseFlags, readMockConfig } from './config';
import { watchNpmParent } from './lifecycle/watch-npm-parent';
import { readDocuments } from './node/read-documents';
import { PrismMissingError } from './prism/load-prism';
import { type RunningMock, startMock } from './start-mock';

const COMMAND = process.env.MOCK_COMMAND_NAME ?? 'npm run mock --';
let config: MockConfig;
try {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.help) {
    console.log(helpText(COMMAND));
    process.exit(0);
  }
  if (flags.version) {
    console.log(apiVersion(readDocuments()));
    process.exit(0);
  }
  config = readMockConfig(process.env, process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`storefront-mock: ${error.message}`);
  process.exit(2);
}

const log = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);
// Last line of defence: a bug in the mock is logged and the next request is still served.
process.on('uncaughtException', (error) => log(`uncaught: ${error.stack ?? String(error)}`));
process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}`));

// Watched from the first moment: npm may be stopped while the mock is still starting.
let stopRequested: string | undefined;
let onStop: (reason: string) => void = (reason) => (stopRequested ??= reason);
watchNpmParent(process.env, (reason) => onStop(reason));
process.on('SIGINT', () => onStop('SIGINT'));
process.on('SIGTERM', () => onStop('SIGTERM'));
process.on('SIGHUP', () => onStop('SIGHUP'));

const startedAt = performance.now();
let mock: RunningMock;
try {
  mock = await startMock({
    port: config.port,
    mode: config.mode,
    limits: config.limits,
    cors: config.cors,
    ...(config.publicUrl && { publicUrl: config.publicUrl }),
    ...(config.apiKey && { apiKey: config.apiKey }),
    ...(config.fixturesDir && { fixturesDir: config.fixturesDir }),
    ...(config.proxy && { proxy: config.proxy }),
    strict: config.strict,
    store: config.store,
    log,
  });
} catch (error) {
  const known =
    error instanceof PrismMissingError || (error as NodeJS.ErrnoException).code !== undefined || /^fixture /.test((error as Error).message);
  if (!known) throw error;
  const text =
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? `port ${config.port} on 127.0.0.1 is taken (--port / PORT)`
      : (error as Error).message;
  console.error(`storefront-mock: ${text.split('\n')[0]}`);
  process.exit(1);
}
const what = config.proxy
  ? `proxy to ${config.proxy.upstream}, checking against commerce + platform${mock.recordFile ? `, recording into ${mock.recordFile}` : ''}`
  : `commerce + platform, ${config.mode} mode${config.store.kind === 'redis' ? ', state in Redis' : ''}`;
console.log(`mock ready on ${mock.url} in ${Math.round(performance.now() - startedAt)} ms (${what})`);

let stopping = false;
onStop = (reason: string): void => {
  if (stopping) return;
  stopping = true;
  // Never wait on a stuck close: the port must be free within two seconds.
  setTimeout(() => process.exit(0), 1500).unref();
  void mock.close().then(() => {
    console.log(`mock stopped (${reason})`);
    process.exit(0);
  });
};
if (stopRequested) onStop(stopRequested);
