import { afterAll, expect, inject } from 'vitest';
import { describeFlows } from '../support/flows';

// The flows against the stateful mock's Node HTTP server.
describeFlows('Node server', () => inject('mockUrl'));

// Every event the flows made the engine emit was checked against its webhook's schemas: none may be refused.
afterAll(async () => {
  const { violations } = (await (await fetch(`${inject('mockUrl')}/__mock/webhooks/violations`)).json()) as { violations: string[] };
  expect(violations).toEqual([]);
});
