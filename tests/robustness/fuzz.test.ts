import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCases, type FuzzReport, runFuzz } from '../../scripts/harness/fuzz-requests';
import { type MockProcess, startMockProcess } from '../../scripts/harness/mock-process';
import { treeRssMb } from '../../scripts/harness/process-tree';
import { API_KEY } from '../support/mock-credentials';

// 2,000 mutated requests built from the spec's own examples against the real mock process in its default,
// stateful mode, as the merchant, then 1,000 as a visitor (the requests change the store as they go, and some
// are flows on one entity across identities and after its deletion: `npm run fuzz` runs the same with any count).
// Every answer is judged by the contract: no 5xx, no connection lost, every 4xx in the platform's body, every
// status one the operation declares, every application-error code one it declares for that status; both
// families still answer, and the process tree stays under 200 MB.
const COUNT = Number(process.env.FUZZ_COUNT ?? 2000);
let mock: MockProcess;

beforeAll(async () => {
  mock = await startMockProcess();
});
afterAll(async () => {
  await mock?.stop();
});

const where = (testCase: FuzzReport['crashes'][number]['testCase']): string =>
  `${testCase.operationId} as ${testCase.identity} [${testCase.mutations.join('+')}]`;

const expectContractKept = (report: FuzzReport, count: number) => {
  // Every case, then a read of every list after the writes, values at and past the schemas' bounds among them.
  const listReads = report.mutationCounts['list after writes'] ?? 0;
  expect(listReads).toBeGreaterThan(0);
  expect(report.mutationCounts['past-bound'] ?? 0).toBeGreaterThan(0);
  expect(report.sent).toBe(count + listReads);
  expect(report.crashes.map((c) => `${where(c.testCase)}: ${c.error}`)).toEqual([]);
  expect(report.serverErrors.map((e) => `${e.status} ${where(e.testCase)}: ${e.body.slice(0, 200)}`)).toEqual([]);
  expect(report.foreignBodies.map((e) => `${e.status} ${where(e.testCase)}: ${e.body.slice(0, 200)}`)).toEqual([]);
  expect(report.undeclaredStatuses.map((e) => `${e.status} ${e.code ?? ''} ${where(e.testCase)}`)).toEqual([]);
  expect(report.undeclaredCodes.map((e) => `${e.status} ${e.code} (declared: ${e.declared.join(', ')}) ${where(e.testCase)}`)).toEqual([]);
};

describe(`fuzz: ${COUNT} mutated requests`, () => {
  it('as the merchant: never a 5xx, a lost connection, a foreign error body, an undeclared status or code', async () => {
    const report = await runFuzz(mock.url, buildCases(COUNT, 20261123), 8);
    expectContractKept(report, COUNT);
    // Mutations must reach validation, not only be refused early: most answers are validation failures.
    expect(report.byStatus['400'] ?? 0).toBeGreaterThan(COUNT / 5);

    for (const path of ['/v1/products/query-platformized?.r=e30', '/v1/recommendations/algorithms']) {
      const answer = await fetch(`${mock.url}${path}`, { headers: { Authorization: API_KEY } });
      expect(answer.status, path).toBe(200);
    }
    expect(treeRssMb(mock.child.pid as number)).toBeLessThan(200);
  }, 120_000);

  it('as a visitor: the same contract on every answer', async () => {
    const count = Math.ceil(COUNT / 2);
    const report = await runFuzz(mock.url, buildCases(count, 20261201, { identity: 'visitor' }), 8);
    expectContractKept(report, count);
    // A visitor meets the role gates of the merchant's and the member's operations.
    expect(report.byStatus['403'] ?? 0).toBeGreaterThan(0);
    expect(treeRssMb(mock.child.pid as number)).toBeLessThan(200);
  }, 120_000);
});
