// The cluster with two replicas: the balancer's config is made for however many there are (deploy/haproxy-config.sh),
// so HAProxy balances over both without a server it cannot reach or an alert, and a session's writes add up.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/harness/cluster';

const TOTE_LINE = {
  quantity: 1,
  catalogReference: {
    catalogItemId: 'c8539b66-7a44-fe18-affc-afec4be8562a',
    appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
    options: { variantId: '00000000-0000-0020-0005-ad9cdc8a2b0f' },
  },
};
const HEADERS = { authorization: 'mock-api-key', 'x-mock-session': 'two-replicas', 'content-type': 'application/json' };

let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster({ count: 2 });
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

it('balances over two replicas, both up, without HAProxy alerting', async () => {
  const replicas: (string | null)[] = [];
  for (let index = 0; index < 4; index += 1) {
    const response = await fetch(`${cluster.balancer.url}/v1/carts/current/add-to-cart`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ lineItems: [TOTE_LINE] }),
    });
    expect(response.status).toBe(200);
    replicas.push(response.headers.get('x-mock-replica'));
  }
  expect([...new Set(replicas)].sort()).toEqual(['replica1', 'replica2']);
  const cart = (await (await fetch(`${cluster.balancer.url}/v1/carts/current`, { headers: HEADERS })).json()) as {
    cart: { lineItems: { quantity: number }[] };
  };
  expect(cart.cart.lineItems.reduce((sum, line) => sum + line.quantity, 0)).toBeGreaterThanOrEqual(4);
  expect(cluster.balancer.output()).not.toMatch(/ALERT|is DOWN|no server available/);
}, 60_000);
