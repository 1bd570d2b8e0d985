// `npm run mock` runs `sh -c "node ..."` under npm, and neither npm nor sh reliably passes SIGTERM on: the mock
// would be left listening. Started by npm, the mock watches its parent and npm itself and stops when
// either is gone.
import { readFileSync } from 'node:fs';

const parentOf = (pid: number): number | undefined => {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) && ppid > 1 ? ppid : undefined;
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

/** Calls `stop` once when this process's parent or grandparent (npm) exits; only when npm started it. */
export const watchNpmParent = (env: NodeJS.ProcessEnv, stop: (reason: string) => void, intervalMs = 250): (() => void) => {
  if (!env.npm_lifecycle_event) return () => undefined;
  const parent = process.ppid;
  // Already orphaned: npm is gone before the mock even started.
  if (parent === 1) {
    queueMicrotask(() => stop('npm exited'));
    return () => undefined;
  }
  const grandparent = parentOf(parent);
  const timer = setInterval(() => {
    if (process.ppid !== parent || !alive(parent)) stop('npm parent exited');
    else if (grandparent !== undefined && !alive(grandparent)) stop('npm exited');
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
