// Processes and memory of a process tree, read from /proc (Linux).
import { readdirSync, readFileSync } from 'node:fs';

interface ProcInfo {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  readonly rssKb: number;
  /** Z: exited, not yet reaped by its parent. */
  readonly state: string;
}

const read = (pid: number): ProcInfo | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { pid, state: fields[0] ?? '', ppid: Number(fields[1]), pgid: Number(fields[2]), rssKb };
  } catch {
    return undefined;
  }
};

const all = (): ProcInfo[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => read(Number(name)))
    .filter((info): info is ProcInfo => info !== undefined);

/** The process and all its descendants. */
export const processTree = (root: number): ProcInfo[] => {
  const procs = all();
  const tree: ProcInfo[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    const info = procs.find((p) => p.pid === pid);
    if (info) tree.push(info);
    queue.push(...procs.filter((p) => p.ppid === pid).map((p) => p.pid));
  }
  return tree;
};

/** Live processes of a process group (exited ones waiting to be reaped are not). */
export const processGroup = (pgid: number): ProcInfo[] => all().filter((p) => p.pgid === pgid && p.state !== 'Z');

/** RSS of a process and its descendants, in MB. */
export const treeRssMb = (root: number): number => processTree(root).reduce((sum, p) => sum + p.rssKb, 0) / 1024;
