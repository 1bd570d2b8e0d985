// npm run lint (spec part): redocly lint of each family with the rules of redocly.yaml; any error OR warning fails.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REDOCLY_ENV } from '../spec-model/redocly-env';
import { FAMILIES } from '../src/protocol';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let failed = false;
for (const family of FAMILIES) {
  const run = spawnSync(join(root, 'node_modules', '.bin', 'redocly'), ['lint', family, '--format=json'], {
    cwd: root,
    env: REDOCLY_ENV,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const start = run.stdout.indexOf('{');
  if (start < 0) {
    console.error(`redocly lint ${family} gave no report:\n${run.stdout}\n${run.stderr}`);
    failed = true;
    continue;
  }
  const report = JSON.parse(run.stdout.slice(start));
  const { errors, warnings } = report.totals;
  for (const problem of report.problems) {
    const where = problem.location?.[0];
    console.error(`${problem.severity} ${problem.ruleId} ${where?.source?.ref ?? ''}#${where?.pointer ?? ''}: ${problem.message}`);
  }
  console.log(`lint ${family}: ${errors} errors, ${warnings} warnings`);
  if (errors + warnings > 0) failed = true;
}
process.exit(failed ? 1 : 0);
