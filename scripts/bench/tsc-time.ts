// How long tsc takes to check a project, best of three runs, with the errors it reports counted aloud (a peer's
// generated code may not type-check; its time still counts).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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

/**
 * The best of three type-checks of `files` alone, as an app template compiles them (strict, skipLibCheck, bundler
 * resolution), in a project `tsconfig.<name>.json` written in `work`; `extra` adds compiler options (jsx).
 */
export const strictTscTime = (work: string, name: string, files: readonly string[], extra: Record<string, unknown> = {}): number => {
  const project = join(work, `tsconfig.${name}.json`);
  const compilerOptions = {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
    ...extra,
  };
  writeFileSync(project, JSON.stringify({ compilerOptions, files }));
  return bestTscTime(work, project, name);
};
