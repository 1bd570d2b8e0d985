// npm run fuzz -- [--count N] [--seed N] [--concurrency N] [--url URL]: sends N requests mutated from the spec's
// own examples to the mock (started here unless --url is given) and prints crashes, 5xx, foreign error bodies
// and the mock's RSS before and after. Exits non-zero on any crash, 5xx or foreign body.
import { buildCases, runFuzz } from './harness/fuzz-requests';
import { type MockProcess, startMockProcess } from './harness/mock-process';
import { treeRssMb } from './harness/process-tree';

const option = (name: string, fallback: string): string => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const count = Number(option('count', '10000'));
const seed = Number(option('seed', '1'));
const concurrency = Number(option('concurrency', '8'));
const given = option('url', '');
if (!Number.isInteger(count) || count < 1) throw new Error(`--count must be a positive integer, got ${option('count', '')}`);

let mock: MockProcess | undefined;
try {
  if (!given) mock = await startMockProcess();
  const url = given || (mock as MockProcess).url;
  const pid = mock?.child.pid;
  const rss = () => (pid ? `${treeRssMb(pid).toFixed(0)} MB` : 'n/a (external mock)');
  console.log(`fuzz: ${count} requests, seed ${seed}, ${concurrency} at a time, against ${url}; mock RSS before: ${rss()}`);
  let peak = 0;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, treeRssMb(pid))), 200) : undefined;
  const report = await runFuzz(url, buildCases(count, seed), concurrency);
  if (sampler) clearInterval(sampler);
  console.log(`sent ${report.sent} in ${(report.durationMs / 1000).toFixed(1)} s; statuses ${JSON.stringify(report.byStatus)}`);
  console.log(
    `crashes (no answer): ${report.crashes.length}; 5xx: ${report.serverErrors.length}; 4xx not in the platform body: ${report.foreignBodies.length}`,
  );
  for (const c of report.crashes.slice(0, 10))
    console.log(`  crash ${c.testCase.method} ${c.testCase.target.slice(0, 120)} [${c.testCase.mutations.join('+')}]: ${c.error}`);
  for (const e of report.serverErrors.slice(0, 10))
    console.log(
      `  ${e.status} ${e.testCase.method} ${e.testCase.target.slice(0, 120)} [${e.testCase.mutations.join('+')}]: ${e.body.slice(0, 200)}`,
    );
  for (const e of report.foreignBodies.slice(0, 10))
    console.log(`  foreign ${e.status} ${e.testCase.target.slice(0, 120)}: ${e.body.slice(0, 200)}`);
  console.log(`mock RSS during (peak, sampled every 200 ms): ${pid ? `${peak.toFixed(0)} MB` : 'n/a'}; after: ${rss()}`);
  process.exitCode = report.crashes.length + report.serverErrors.length + report.foreignBodies.length > 0 ? 1 : 0;
} finally {
  await mock?.stop();
}
