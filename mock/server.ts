// npm run mock / npm start: serves both families on 127.0.0.1:$PORT (default 4010) until SIGINT or SIGTERM, or
// until the npm process that started it is gone.
import { ConfigError, type MockConfig, readMockConfig } from './config';
import { watchNpmParent } from './lifecycle/watch-npm-parent';
import { startMock } from './start-mock';

let config: MockConfig;
try {
  config = readMockConfig(process.env, process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
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
const mock = await startMock({
  port: config.port,
  mode: config.mode,
  limits: config.limits,
  cors: config.cors,
  ...(config.publicUrl && { publicUrl: config.publicUrl }),
  ...(config.apiKey && { apiKey: config.apiKey }),
  ...(config.fixturesDir && { fixturesDir: config.fixturesDir }),
  store: config.store,
  log,
});
console.log(
  `mock ready on ${mock.url} in ${Math.round(performance.now() - startedAt)} ms (commerce + platform, ${config.mode} mode${config.store.kind === 'redis' ? ', state in Redis' : ''})`,
);

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
