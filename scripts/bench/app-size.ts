// Size of small real apps built against the package's dist/ (what the tarball ships) with esbuild, minified,
// code-split as an app bundler does: the entry chunk is what loads first; lazy chunks load on first use.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The smallest real app: visitor tokens, get the current cart, add to it. Its entry chunk has a budget. */
export const SMALLEST_APP_BUDGET_GZIP = 6144;
/** The hooks layer of the two-hook app: 5 % over its 489 B before the frontend kit's retry and typed keys. */
export const HOOKS_LAYER_BUDGET_GZIP = 513;

export const APPS: Record<string, string> = {
  'smallest app (createClient, oauthStrategy, getCurrentCart, addToCurrentCart)': `
    import { createClient } from 'storefront-api';
    import { oauthStrategy } from 'storefront-api/auth';
    import { addToCurrentCart, getCurrentCart } from 'storefront-api/commerce';
    const client = createClient({ baseUrl: location.origin, auth: oauthStrategy({ clientId: 'app' }) });
    getCurrentCart(client).then((data) => console.log(data.cart?.id));
    addToCurrentCart(client, { body: { lineItems: [{ quantity: 1 }] } }).then((data) => console.log(data.cart?.id));`,
  '... plus removeCurrentCartLineItems': `
    import { createClient } from 'storefront-api';
    import { oauthStrategy } from 'storefront-api/auth';
    import { addToCurrentCart, getCurrentCart, removeCurrentCartLineItems } from 'storefront-api/commerce';
    const client = createClient({ baseUrl: location.origin, auth: oauthStrategy({ clientId: 'app' }) });
    getCurrentCart(client).then((data) => console.log(data.cart?.id));
    addToCurrentCart(client, { body: { lineItems: [{ quantity: 1 }] } }).then((data) => console.log(data.cart?.id));
    removeCurrentCartLineItems(client, { body: { lineItemIds: ['l1'] } }).then((data) => console.log(data.cart?.id));`,
  'path-based calls (createClient, staticToken, client.commerce.GET)': `
    import { createClient, staticToken } from 'storefront-api';
    const client = createClient({ baseUrl: location.origin, auth: staticToken('token') });
    client.commerce.GET('/v1/carts/current').then(({ data }) => console.log(data?.cart?.id));`,
  'member sign-in app (+ memberSignIn: login, PKCE, silent sign-in)': `
    import { createClient } from 'storefront-api';
    import { memberSignIn, oauthStrategy } from 'storefront-api/auth';
    import { getCurrentCart } from 'storefront-api/commerce';
    const auth = oauthStrategy({ clientId: 'app' });
    const client = createClient({ baseUrl: location.origin, auth });
    memberSignIn(auth).login({ email: 'a@b.c', password: 'p' }).then(() => getCurrentCart(client));`,
};

/**
 * The testing entry, measured on its own (it never ships in an app): one answer and one builder, MSW external as
 * the app's own. It carries both documents and the schema compiler, so its size is listed apart from the entries.
 */
export const TESTING_APP = `
    import { answer, cart } from 'storefront-api/testing';
    import { getCurrentCart } from 'storefront-api/commerce';
    globalThis.handlers = [answer(getCurrentCart, { status: 200, body: { cart: cart({ lineItems: [] }) } })];`;
export const TESTING_EXTERNAL = ['msw', 'msw/*'];

// The hooks layer alone: React, React DOM and React Query are the app's own (external here), so what is left of
// the entry chunk is the package. The layer's weight is the two-hook app minus the same two calls made without
// hooks; an extra hook's is the three-hook app minus the two-hook one.
const hookApp = (hooks: readonly string[]) => `
    import { createClient } from 'storefront-api';
    import { oauthStrategy } from 'storefront-api/auth';
    import { StorefrontProvider, ${hooks.join(', ')} } from 'storefront-api/react';
    const client = createClient({ baseUrl: location.origin, auth: oauthStrategy({ clientId: 'app' }) });
    globalThis.app = { client, StorefrontProvider, use: () => [${hooks.map((hook) => `${hook}()`).join(', ')}] };`;

export const HOOK_APPS = {
  functions: `
    import { createClient } from 'storefront-api';
    import { oauthStrategy } from 'storefront-api/auth';
    import { addToCurrentCart, getCurrentCart } from 'storefront-api/commerce';
    const client = createClient({ baseUrl: location.origin, auth: oauthStrategy({ clientId: 'app' }) });
    globalThis.app = { client, use: () => [getCurrentCart(client), addToCurrentCart(client, { body: { lineItems: [] } })] };`,
  twoHooks: hookApp(['useGetCurrentCart', 'useAddToCurrentCart']),
  threeHooks: hookApp(['useGetCurrentCart', 'useAddToCurrentCart', 'useRemoveCurrentCartLineItems']),
} as const;

/** Libraries an app brings itself: left out of the hooks layer's bytes. */
export const APP_OWN_LIBRARIES = ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query', '@tanstack/query-core'];

export interface AppSize {
  readonly entry: { readonly minified: number; readonly gzipped: number };
  /** Gzip bytes of the chunks loaded on first use. */
  readonly lazy: number;
}

/** Builds `source` importing 'storefront-api' from `packageDir`; sizes of the entry chunk and of every chunk. */
export const measureApp = async (packageDir: string, source: string, external: readonly string[] = []): Promise<AppSize> => {
  const scratch = mkdtempSync(join(tmpdir(), 'app-size-'));
  try {
    const entry = join(scratch, 'main.js');
    writeFileSync(entry, source);
    // Installed as an app has it, so the package's `exports` map decides what each import loads.
    mkdirSync(join(scratch, 'node_modules'));
    symlinkSync(packageDir, join(scratch, 'node_modules', 'storefront-api'), 'dir');
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      outdir: join(scratch, 'out'),
      logLevel: 'silent',
      external: [...external],
    });
    const files = result.outputFiles.map((file) => ({
      name: file.path,
      bytes: file.contents.length,
      gzip: gzipSync(file.contents, { level: 9 }).length,
    }));
    const main = files.find((file) => file.name.endsWith('main.js'));
    return {
      entry: { minified: main?.bytes ?? 0, gzipped: main?.gzip ?? 0 },
      lazy: files.filter((file) => file !== main).reduce((sum, file) => sum + file.gzip, 0),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};

/** The hooks layer's gzip bytes (entry chunk plus lazy chunks) for a two-hook app and for each extra hook. */
export const measureHooksLayer = async (packageDir: string) => {
  const total = async (source: string) => {
    const size = await measureApp(packageDir, source, APP_OWN_LIBRARIES);
    return size.entry.gzipped + size.lazy;
  };
  const functions = await total(HOOK_APPS.functions);
  const twoHooks = await total(HOOK_APPS.twoHooks);
  const threeHooks = await total(HOOK_APPS.threeHooks);
  return { functions, twoHooks, layer: twoHooks - functions, perExtraHook: threeHooks - twoHooks };
};
