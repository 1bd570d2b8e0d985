import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCases, runFuzz } from '../../scripts/harness/fuzz-requests';
import { type MockProcess, startMockProcess } from '../../scripts/harness/mock-process';
import { treeRssMb } from '../../scripts/harness/process-tree';
import { API_KEY } from '../support/mock-credentials';

// 2,000 mutated requests built from the spec's own examples against the real mock process in its default,
// stateful mode, as the merchant (the requests change the store as they go: `npm run fuzz`
// runs the same with any count): no 5xx, no connection lost, every 4xx in the platform's body, both families
// still answering, and the process tree under 200 MB.
const COUNT = Number(process.env.FUZZ_COUNT ?? 2000);
let mock: MockProcess;

beforeAll(async () => {
  mock = await startMockProcess();
});
afterAll(async () => {
  await mock?.stop();
});

describe(`fuzz: ${COUNT} mutated requests`, () => {
  it('never gets a 5xx, a lost connection or a foreign error body', async () => {
    const report = await runFuzz(mock.url, buildCases(COUNT, 20261123), 8);
    expect(report.sent).toBe(COUNT);
    expect(report.crashes.map((c) => `${c.testCase.operationId} ${c.testCase.mutations.join('+')}: ${c.error}`)).toEqual([]);
    expect(
      report.serverErrors.map((e) => `${e.status} ${e.testCase.operationId} ${e.testCase.mutations.join('+')}: ${e.body.slice(0, 200)}`),
    ).toEqual([]);
    expect(report.foreignBodies.map((e) => `${e.status} ${e.testCase.operationId}: ${e.body.slice(0, 200)}`)).toEqual([]);
    // Mutations must reach validation, not only be refused early: most answers are validation failures.
    expect(report.byStatus['400'] ?? 0).toBeGreaterThan(COUNT / 5);

    for (const path of ['/v1/products/query-platformized?.r=e30', '/v1/recommendations/algorithms']) {
      const answer = await fetch(`${mock.url}${path}`, { headers: { Authorization: API_KEY } });
      expect(answer.status, path).toBe(200);
    }
    expect(treeRssMb(mock.child.pid as number)).toBeLessThan(200);
  }, 120_000);
});
