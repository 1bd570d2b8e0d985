// Per-call overhead with fetch stubbed (GET /v1/carts/current): raw fetch + json(), bare openapi-fetch, our
// createClient (path-based and operation function, with auth and error handling) and the platform's SDK.
// Rounds are interleaved in one process and the median per call is reported.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { paths as CommercePaths } from '../../generated/commerce/schema';
import { REQUEST_ID_HEADER } from '../../src/protocol';

const BODY = JSON.stringify({ cart: { id: 'c1', lineItems: [{ id: 'l1', quantity: 1 }] } });
const answer = () => new Response(BODY, { status: 200, headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: 'r' } });
const stubFetch = async (_input?: RequestInfo | URL, _init?: RequestInit): Promise<Response> => answer();

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export interface PerCallOptions {
  readonly calls?: number;
  readonly rounds?: number;
  /** Where the platform SDK is installed; left out of the race when undefined. */
  readonly sdkDir?: string | undefined;
}

export interface PerCallRow {
  readonly name: string;
  readonly microseconds: number;
  readonly vsRaw: number;
  readonly vsOpenapiFetch: number;
}

// The built package (dist/, what the tarball ships), typed as its sources declare it.
const dist = (root: string, name: string): Promise<unknown> => import(pathToFileURL(join(root, 'dist', name)).href);

export const measurePerCall = async (root: string, { calls = 5000, rounds = 7, sdkDir }: PerCallOptions = {}): Promise<PerCallRow[]> => {
  const { createClient, staticToken } = (await dist(root, 'index.js')) as typeof import('../../src/index');
  const { getCurrentCart } = (await dist(root, 'commerce.js')) as typeof import('../../src/commerce');
  const { default: createFetchClient } = await import('openapi-fetch');

  const ours = createClient({ baseUrl: 'https://api.test', fetch: stubFetch, auth: staticToken('token'), onError: () => undefined });
  const bare = createFetchClient<CommercePaths>({ baseUrl: 'https://api.test', fetch: stubFetch });
  const contenders: Record<string, () => Promise<unknown>> = {
    'raw fetch + json()': async () =>
      (await stubFetch('https://api.test/v1/carts/current', { headers: { Authorization: 'token' } })).json(),
    'bare openapi-fetch': () => bare.GET('/v1/carts/current', { headers: { Authorization: 'token' } }),
    'ours: client.commerce.GET': () => ours.commerce.GET('/v1/carts/current'),
    'ours: getCurrentCart(client)': () => getCurrentCart(ours),
  };
  if (sdkDir) {
    const sdkRequire = createRequire(join(sdkDir, 'package.json'));
    const sdk = await import(pathToFileURL(sdkRequire.resolve('@wix/sdk')).href);
    const ecom = await import(pathToFileURL(sdkRequire.resolve('@wix/ecom')).href);
    const platform = sdk.createClient({
      modules: { currentCart: ecom.currentCart },
      auth: sdk.ApiKeyStrategy({ apiKey: 'token', siteId: 'site' }),
    });
    contenders['platform SDK (global fetch stubbed)'] = async () => {
      const saved = globalThis.fetch;
      globalThis.fetch = stubFetch;
      try {
        return await platform.currentCart.getCurrentCart();
      } finally {
        globalThis.fetch = saved;
      }
    };
  }
  const timings: Record<string, number[]> = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (const run of Object.values(contenders)) for (let i = 0; i < 500; i += 1) await run(); // warm-up
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, run] of Object.entries(contenders)) {
      const started = performance.now();
      for (let i = 0; i < calls; i += 1) await run();
      timings[name]?.push(((performance.now() - started) * 1000) / calls);
    }
  }
  const raw = median(timings['raw fetch + json()'] ?? []);
  const bareOpenapi = median(timings['bare openapi-fetch'] ?? []);
  return Object.entries(timings).map(([name, values]) => ({
    name,
    microseconds: median(values),
    vsRaw: median(values) / raw,
    vsOpenapiFetch: median(values) / bareOpenapi,
  }));
};
