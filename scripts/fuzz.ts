// npm run fuzz -- [--count N] [--seed N] [--concurrency N] [--identity merchant|visitor|member] [--url URL]: sends N
// requests mutated from the spec's own examples (and flows on one entity across identities) to the mock, started
// here unless --url is given (values at and past every bound the schemas state among the mutations, every list
// read as each identity at the end), and judges every answer by the contract. Prints crashes, 5xx, foreign error bodies,
// undeclared statuses and undeclared codes, and the mock's RSS before and after. Exits non-zero on any of them.
import { buildCases, describeFailures, runFuzz } from './harness/fuzz-requests';
import { type MockProcess, startMockProcess } from './harness/mock-process';
import { treeRssMb } from './harness/process-tree';

const option = (name: string, fallback: string): string => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const count = Number(option('count', '10000'));
const seed = Number(option('seed', '1'));
const concurrency = Number(option('concurrency', '8'));
const identity = option('identity', 'merchant');
const given = option('url', '');
if (!Number.isInteger(count) || count < 1) throw new Error(`--count must be a positive integer, got ${option('count', '')}`);
if (identity !== 'merchant' && identity !== 'visitor' && identity !== 'member')
  throw new Error(`--identity must be merchant, visitor or member, got ${identity}`);

let mock: MockProcess | undefined;
try {
  if (!given) mock = await startMockProcess();
  const url = given || (mock as MockProcess).url;
  const pid = mock?.child.pid;
  const rss = () => (pid ? `${treeRssMb(pid).toFixed(0)} MB` : 'n/a (external mock)');
  console.log(`fuzz: ${count} requests as ${identity}, seed ${seed}, ${concurrency} at a time, against ${url}; mock RSS before: ${rss()}`);
  let peak = 0;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, treeRssMb(pid))), 200) : undefined;
  const report = await runFuzz(url, buildCases(count, seed, { identity }), concurrency);
  if (sampler) clearInterval(sampler);
  const bounds = report.mutationCounts;
  console.log(
    `bound values sent: ${bounds['at-bound'] ?? 0} at a bound, ${bounds['past-bound'] ?? 0} past one; list reads at the end: ${bounds['list after writes'] ?? 0}`,
  );
  console.log(
    `sent ${report.sent} in ${(report.durationMs / 1000).toFixed(1)} s; statuses ${JSON.stringify(report.byStatus)}; answered before an operation was known: ${report.transportAnswers}`,
  );
  console.log(
    `crashes (no answer): ${report.crashes.length}; 5xx: ${report.serverErrors.length}; 4xx not in the platform body: ${report.foreignBodies.length}; ` +
      `undeclared statuses: ${report.undeclaredStatuses.length}; undeclared codes: ${report.undeclaredCodes.length}`,
  );
  for (const line of describeFailures(report)) console.log(`  ${line}`);
  console.log(`mock RSS during (peak, sampled every 200 ms): ${pid ? `${peak.toFixed(0)} MB` : 'n/a'}; after: ${rss()}`);
  const failures =
    report.crashes.length +
    report.serverErrors.length +
    report.foreignBodies.length +
    report.undeclaredStatuses.length +
    report.undeclaredCodes.length;
  process.exitCode = failures > 0 ? 1 : 0;
} finally {
  await mock?.stop();
}
