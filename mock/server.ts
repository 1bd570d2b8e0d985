// npm run mock: serves both families on 127.0.0.1:$PORT (default 4010) until SIGINT/SIGTERM.
import { startMock } from './gateway';

const port = Number(process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be an integer from 0 to 65535, got "${process.env.PORT}"`);
  process.exit(2);
}

const startedAt = performance.now();
const mock = await startMock({ port, verbose: process.env.MOCK_VERBOSE === '1' });
console.log(`mock ready on ${mock.url} in ${Math.round(performance.now() - startedAt)} ms (commerce + platform)`);

let stopping = false;
const stop = async (signal: string): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await mock.close();
  console.log(`mock stopped (${signal})`);
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
