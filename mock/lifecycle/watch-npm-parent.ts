// `npm run mock` and `npx storefront-mock` start the mock under npm, sometimes through a `sh -c` in between, and
// neither npm nor sh reliably passes SIGTERM on: the mock would be left listening. Started by npm, the mock
// watches the processes from itself up to npm and stops when one of them is gone. It never watches above npm: the
// shell that launched npm may exit on purpose (`npm run mock &` in a script) and the mock is meant to live on.
import { readFileSync } from 'node:fs';

interface ProcessFacts {
  parent: number | undefined;
  name: string;
}

const factsOf = (pid: number): ProcessFacts | undefined => {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses, so split on the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return {
      parent: Number.isInteger(ppid) && ppid > 1 ? ppid : undefined,
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    };
  } catch {
    return undefined;
  }
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

// npm names its own process after the command it runs ("npm run mock", "npm exec storefront-mock").
const isNpm = (name: string): boolean => /^np[mx]( |$)/.test(name);

/**
 * The processes between this one and the npm that started it, npm last; only the parent when no npm is found
 * within a few generations (a wrapper of the user's own stays watched, their shell does not).
 */
export const npmChain = (start: number, facts: (pid: number) => ProcessFacts | undefined = factsOf, depth = 4): number[] => {
  const chain: number[] = [];
  for (let pid: number | undefined = start; pid !== undefined && chain.length < depth; pid = facts(pid)?.parent) {
    const found = facts(pid);
    if (!found) break;
    chain.push(pid);
    if (isNpm(found.name)) return chain;
  }
  return chain.slice(0, 1);
};

/** Calls `stop` once when a process between this one and npm exits; only when npm started it. */
export const watchNpmParent = (env: NodeJS.ProcessEnv, stop: (reason: string) => void, intervalMs = 250): (() => void) => {
  if (!env.npm_lifecycle_event) return () => undefined;
  const parent = process.ppid;
  // Already orphaned: npm is gone before the mock even started.
  if (parent === 1) {
    queueMicrotask(() => stop('npm exited'));
    return () => undefined;
  }
  const chain = npmChain(parent);
  const timer = setInterval(() => {
    if (process.ppid !== parent || !alive(parent)) stop('npm parent exited');
    else if (chain.slice(1).some((pid) => !alive(pid))) stop('npm exited');
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
