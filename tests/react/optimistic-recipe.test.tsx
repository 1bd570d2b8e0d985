// @vitest-environment jsdom
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { getCurrentCartQueryOptions } from '../../src/commerce';
import { createClient } from '../../src/index';
import { StorefrontProvider, useStorefrontClient } from '../../src/react/index';
import { fakePlatform, json } from '../support/fake-platform';

// docs/react.md's optimistic-update recipe, run as written: the guess shows at once and is rolled back when the
// write is refused with a typed code.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ENTRIES: Record<string, string> = {
  'storefront-api/commerce': '../../src/commerce',
  'storefront-api/react': '../../src/react/index',
  'storefront-api': '../../src/index',
};

const loadRecipe = async (): Promise<ComponentType<{ productId: string; onRefused: (why: string) => void }>> => {
  // The jsdom environment hides the test file's own URL: the run starts at the repository's root.
  const blocks = readFileSync(join(process.cwd(), 'docs', 'react.md'), 'utf8').split(/^```tsx?\n|^```$/m);
  const snippet = blocks.find((block) => block.includes('export function AddOne'));
  expect(snippet).toBeDefined();
  const code = (snippet ?? '').replace(/from '(storefront-api[^']*)'/g, (_all, name: string) => `from '${ENTRIES[name]}'`);
  const file = join(process.cwd(), 'tests', 'react', '.recipe-optimistic.tsx');
  writeFileSync(file, code);
  try {
    return ((await import(/* @vite-ignore */ file)) as { AddOne: ComponentType<{ productId: string; onRefused: (why: string) => void }> })
      .AddOne;
  } finally {
    rmSync(file, { force: true });
  }
};

it("docs/react.md's optimistic add shows the guess, then rolls it back on a typed refusal", async () => {
  const AddOne = await loadRecipe();
  let refuse: (() => void) | undefined;
  const platform = fakePlatform({
    'GET /v1/carts/current': () => json(200, { cart: { id: 'c1', lineItems: [{ id: 'l1', quantity: 1 }] } }),
    'POST /v1/carts/current/add-to-cart': () =>
      new Promise<Response>((resolve) => {
        refuse = () =>
          resolve(json(400, { message: 'no', details: { applicationError: { code: 'INVALID_ARGUMENT', description: 'Out of stock' } } }));
      }),
  });
  const client = createClient({ baseUrl: 'https://api.test', fetch: platform.fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const refusals: string[] = [];
  function Count() {
    const { data } = useQuery(getCurrentCartQueryOptions(useStorefrontClient()));
    return <p data-testid="count">{data ? `${data.cart?.lineItems?.length ?? 0} items` : 'loading'}</p>;
  }
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <StorefrontProvider client={client}>
          <Count />
          <AddOne productId="p1" onRefused={(why) => refusals.push(why)} />
        </StorefrontProvider>
      </QueryClientProvider>,
    ),
  );
  const text = () => container.querySelector('[data-testid="count"]')?.textContent;
  const settle = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(done()).toBe(true);
  };
  await settle(() => text() === '1 items');
  act(() => container.querySelector('button')?.click());
  await settle(() => text() === '2 items' && refuse !== undefined);
  act(() => refuse?.());
  await settle(() => text() === '1 items' && refusals.length === 1);
  expect(refusals).toEqual(['not available']);
  act(() => root.unmount());
  container.remove();
});
