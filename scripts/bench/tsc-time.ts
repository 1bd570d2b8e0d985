// How long tsc takes to check a project, best of three runs, with the errors it reports counted aloud (a peer's
// generated code may not type-check; its time still counts).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The best of three `tsc -p project` times in ms, with `work`'s TypeScript; `name` labels the error count. */
export const bestTscTime = (work: string, project: string, name: string): number => {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    try {
      execFileSync(process.execPath, [join(work, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd: work, stdio: 'pipe' });
    } catch (error) {
      const output = String((error as { stdout?: Buffer }).stdout ?? '');
      console.log(`  ${name}: tsc reported ${output.split('\n').filter((line) => line.includes('error TS')).length} errors`);
    }
    best = Math.min(best, performance.now() - started);
  }
  return best;
};
