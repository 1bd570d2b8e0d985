import { describe, expect, it } from 'vitest';
import { npmChain } from './watch-npm-parent';

// pid -> [parent, process name], as /proc shows them.
const tree = (rows: Record<number, [number | undefined, string]>) => (pid: number) => {
  const row = rows[pid];
  return row && { parent: row[0], name: row[1] };
};

describe('npmChain', () => {
  it('stops at npm when npm runs the mock itself (`exec node` in the script)', () => {
    expect(npmChain(20, tree({ 20: [10, 'npm run mock'], 10: [5, 'bash'], 5: [1, 'sshd'] }))).toEqual([20]);
  });

  it('keeps the `sh -c` between the mock and npm, and npm', () => {
    expect(npmChain(30, tree({ 30: [20, 'sh'], 20: [10, 'npm exec storefront-mock'], 10: [1, 'bash'] }))).toEqual([30, 20]);
  });

  it('never reaches the shell that launched npm', () => {
    const chain = npmChain(30, tree({ 30: [20, 'sh'], 20: [10, 'npm run mock'], 10: [1, 'bash'] }));
    expect(chain).not.toContain(10);
  });

  it('watches only the parent when no npm is found near', () => {
    expect(npmChain(30, tree({ 30: [20, 'sh'], 20: [10, 'bash'], 10: [5, 'tmux'], 5: [4, 'x'], 4: [1, 'y'] }))).toEqual([30]);
  });

  it('takes a vanished parent as no chain beyond it', () => {
    expect(npmChain(30, tree({}))).toEqual([]);
  });
});
