import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TARBALL_BUDGET_BYTES } from '../../scripts/build/tarball-size';
import { freePort } from '../../scripts/harness/mock-process';
import { type NpmRegistry, startNpmRegistry } from '../../scripts/harness/npm-registry';
import { docFiles, snippetsOf } from '../support/doc-snippets';
import { API_KEY } from '../support/mock-credentials';
import { npm, packPackage, root, tsc } from '../support/packed-package';

// The package as frontend teams get it: built, packed (its prepack writing the published manifest), published to a
// real npm registry started for the run (scripts/harness/npm-registry.ts) and installed from it by name into a
// scratch app, then compiled with TypeScript (skipLibCheck on), bundled, and imported in Node without React.
const fixtures = join(root, 'tests', 'consumer', 'fixtures');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };

const compilerOptions = (moduleResolution: 'bundler' | 'node16') => ({
  target: 'ES2022',
  module: moduleResolution === 'bundler' ? 'ESNext' : 'Node16',
  moduleResolution,
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  jsx: 'react-jsx',
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
});

let app: string;
let scratch: string;
let registry: NpmRegistry;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'consumer-'));
  const { tarball, staged } = packPackage(scratch);
  expect(readFileSync(join(staged, 'package.json'), 'utf8')).toBe(readFileSync(join(root, 'package.json'), 'utf8'));
  registry = await startNpmRegistry();
  // The package's own dependencies, which the registry (no uplinks) must serve beside it.
  registry.publishFromCache('jose@6.2.17', 'openapi-fetch@0.17.0', 'openapi-typescript-helpers@0.1.0');
  registry.publish(tarball);
  app = join(scratch, 'app');
  execFileSync('mkdir', [app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, type: 'module' }));
  // By name, as docs/qa-mock-command.md and the README say, from the registry the app is pointed at.
  npm(app, 'install', 'storefront-api', '--registry', registry.url);
  copyFileSync(join(fixtures, 'app.ts'), join(app, 'app.ts'));
  copyFileSync(join(fixtures, 'hooks.tsx'), join(app, 'hooks.tsx'));
  copyFileSync(join(fixtures, 'events.ts'), join(app, 'events.ts'));
}, 400_000);

afterAll(async () => {
  await registry?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the packed package in a scratch app', () => {
  it('is installed by name from the registry, its manifest without scripts or development dependencies', () => {
    // The public registry has no storefront-api: what was installed is the tarball this registry serves.
    const published = JSON.parse(npm(app, 'view', `storefront-api@${version}`, '--json', '--registry', registry.url)) as Record<
      string,
      unknown
    > & {
      dist: { integrity: string };
    };
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; integrity?: string }>;
    };
    expect(lock.packages['node_modules/storefront-api']).toMatchObject({ version, integrity: published.dist.integrity });
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules', 'storefront-api', 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    for (const shown of [manifest, published]) {
      expect(shown).not.toHaveProperty('scripts');
      expect(shown).not.toHaveProperty('devDependencies');
      expect(shown).not.toHaveProperty('allowScripts');
      expect(shown).toMatchObject({ name: 'storefront-api', version, bin: { 'storefront-mock': 'dist/mock/storefront-mock.js' } });
    }
    // Maps only for the client's code (scripts/build/source-maps.ts); each document once, in its module.
    const dist = readdirSync(join(app, 'node_modules', 'storefront-api', 'dist'));
    expect(dist).toContain('index.js.map');
    expect(dist).not.toContain('msw.js.map');
    expect(dist.filter((name) => name.startsWith('documents-'))).toEqual(['documents-commerce.js', 'documents-platform.js']);
    expect(readdirSync(join(app, 'node_modules', 'storefront-api', 'dist', 'mock'))).not.toContain('generated');
  });

  it('imports every React-free entry in Node with neither React nor React Query installed', () => {
    const script = `
      let missing = 0;
      for (const name of ['react', '@tanstack/react-query']) { try { await import(name); } catch { missing += 1; } }
      const entries = await Promise.all(['storefront-api', 'storefront-api/commerce', 'storefront-api/platform', 'storefront-api/auth', 'storefront-api/events'].map((e) => import(e)));
      console.log(JSON.stringify({ missing, createClient: typeof entries[0].createClient, getCurrentCart: typeof entries[1].getCurrentCart,
        queryProducts: typeof entries[2].queryProducts, oauthStrategy: typeof entries[3].oauthStrategy, verifyEvent: typeof entries[4].verifyEvent }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({
      missing: 2,
      createClient: 'function',
      getCurrentCart: 'function',
      queryProducts: 'function',
      oauthStrategy: 'function',
      verifyEvent: 'function',
    });
  });

  it('verifies a delivery with storefront-api/events in Node, jose coming with the package', () => {
    const script = `
      import { generateKeyPair, SignJWT, exportSPKI } from 'jose';
      import { verifyEvent } from 'storefront-api/events';
      const { publicKey, privateKey } = await generateKeyPair('RS256');
      const file = { id: 'f1.jpg' };
      const data = JSON.stringify({ eventType: 'wix.media.site_media.v1.file_descriptor_file_ready', instanceId: 'i1',
        identity: JSON.stringify({ identityType: 'APP', appId: 'a1' }),
        data: JSON.stringify({ id: 'e1', entityFqdn: 'wix.media.site_media.v1.file_descriptor', slug: 'file_ready', entityId: 'f1.jpg',
          eventTime: '2026-03-01T12:00:00.000Z', actionEvent: { body: { file } } }) });
      const token = await new SignJWT({ data }).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
      const event = await verifyEvent(token, await exportSPKI(publicKey));
      const refused = await verifyEvent(token.slice(0, -4) + 'AAAA', await exportSPKI(publicKey)).catch((error) => error.reason);
      console.log(JSON.stringify({ fileId: event.payload.actionEvent.body.file.id, identity: event.identity.identityType, refused }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ fileId: 'f1.jpg', identity: 'APP', refused: 'INVALID_SIGNATURE' });
  });

  it('type-checks with skipLibCheck: wrong paths, body fields, enum values and response fields fail to compile', () => {
    for (const resolution of ['bundler', 'node16'] as const) {
      const project = join(app, `tsconfig.${resolution}.json`);
      writeFileSync(project, JSON.stringify({ compilerOptions: compilerOptions(resolution), files: ['app.ts', 'events.ts'] }));
      expect(tsc(app, project), resolution).toBe('');
    }
    // Without the @ts-expect-error lines the same file must not compile: the errors are real.
    const loose = join(app, 'loose.ts');
    writeFileSync(loose, execFileSync('sed', ['/@ts-expect-error/d', join(app, 'app.ts')], { encoding: 'utf8' }));
    writeFileSync(join(app, 'loose-events.ts'), execFileSync('sed', ['/@ts-expect-error/d', join(app, 'events.ts')], { encoding: 'utf8' }));
    writeFileSync(
      join(app, 'tsconfig.loose.json'),
      JSON.stringify({ compilerOptions: compilerOptions('bundler'), files: ['loose.ts', 'loose-events.ts'] }),
    );
    const errors = tsc(app, join(app, 'tsconfig.loose.json'))
      .split('\n')
      .filter((line) => line.includes('error TS'));
    expect(errors).toHaveLength(7);
  }, 120_000);

  it('bundles with esbuild and runs against the mock, path parameters encoded', async () => {
    const out = join(app, 'app.bundle.mjs');
    await build({
      entryPoints: [join(app, 'app.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: out,
      logLevel: 'silent',
      absWorkingDir: app,
    });
    const { run } = (await import(pathToFileURL(out).href)) as { run: (url: string) => Promise<string[]> };
    const seen = await run(inject('mockUrl'));
    expect(seen).toContain('cart string');
    expect(seen).toContain('channel WEB');
    expect(seen.some((line) => line.startsWith('error ') || line === 'checkout some')).toBe(true);
    expect(seen).toContain('signIn function');
  });

  it('runs the stateful mock in-process from storefront-api/msw under msw/node, with no server', () => {
    npm(app, 'install', 'msw@2.15.0');
    const script = `
      import { setupServer } from 'msw/node';
      import { createMockHandlers } from 'storefront-api/msw';
      import { apiKey, createClient } from 'storefront-api';
      import { addToCurrentCart, getCurrentCart } from 'storefront-api/commerce';
      const mock = createMockHandlers({ baseUrl: 'https://api.shop.test' });
      const server = setupServer(...mock.handlers);
      server.listen({ onUnhandledRequest: 'error' });
      const client = createClient({ baseUrl: 'https://api.shop.test', auth: apiKey('mock-api-key'), headers: { 'x-mock-session': 'consumer' } });
      const before = (await getCurrentCart(client)).cart.lineItems.length;
      const item = { quantity: 1, catalogReference: { catalogItemId: '5376f9ec-b92e-efa9-e4a1-f4f480aa0d3a', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' } };
      const after = (await addToCurrentCart(client, { body: { lineItems: [item] } })).cart.lineItems.length;
      const events = (await mock.engine.events.list('consumer')).map((event) => event.eventType);
      server.close();
      console.log(JSON.stringify({ before, after, events }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ before: 2, after: 3, events: ['wix.ecom.v1.cart_updated'] });
    // The entry the browser loads imports no Node module.
    const bundle = readFileSync(join(app, 'node_modules', 'storefront-api', 'dist', 'msw.js'), 'utf8');
    expect(bundle).not.toMatch(/from ['"]node:|require\(['"]node:/);
  }, 120_000);

  it('types the React hooks where React and React Query are installed: keys, options, suspense, select, typed codes', () => {
    npm(
      app,
      'install',
      'react@19.3.1',
      'react-dom@19.3.1',
      '@types/react@19.3.0',
      '@types/react-dom@19.3.0',
      '@tanstack/react-query@5.108.0',
    );
    const reactOptions = { ...compilerOptions('bundler'), types: ['react', 'react-dom'] };
    writeFileSync(join(app, 'tsconfig.react.json'), JSON.stringify({ compilerOptions: reactOptions, files: ['hooks.tsx'] }));
    expect(tsc(app, join(app, 'tsconfig.react.json'))).toBe('');
    // Without the @ts-expect-error lines it must not compile, one error for each: a wrong code among them.
    const source = readFileSync(join(app, 'hooks.tsx'), 'utf8');
    const expected = source.split('\n').filter((line) => line.includes('@ts-expect-error')).length;
    writeFileSync(join(app, 'loose-hooks.tsx'), execFileSync('sed', ['/@ts-expect-error/d', join(app, 'hooks.tsx')], { encoding: 'utf8' }));
    writeFileSync(join(app, 'tsconfig.loose-react.json'), JSON.stringify({ compilerOptions: reactOptions, files: ['loose-hooks.tsx'] }));
    const errors = tsc(app, join(app, 'tsconfig.loose-react.json'))
      .split('\n')
      .filter((line) => line.includes('error TS'));
    expect(errors.filter((line) => line.includes('CART_GONE'))).toHaveLength(2);
    expect(errors, errors.join('\n')).toHaveLength(expected);
  }, 240_000);

  it('passes publint and are-the-types-wrong (ESM)', () => {
    const run = (bin: string, args: string[]) =>
      execFileSync(join(root, 'node_modules', '.bin', bin), args, { cwd: root, encoding: 'utf8' });
    expect(run('publint', ['--strict'])).toMatch(/All good/);
    const tarball = join(scratch, readdirSync(scratch).find((name) => name.endsWith('.tgz')) ?? '');
    expect(() => run('attw', [tarball, '--profile', 'esm-only'])).not.toThrow();
  }, 120_000);

  it('type-checks every TypeScript snippet of README.md and docs/ against the package, each a complete module', () => {
    // What the snippets import besides the package (already there when the tests above ran; a no-op then).
    npm(
      app,
      'install',
      'msw@2.15.0',
      'react@19.3.1',
      '@types/react@19.3.0',
      '@tanstack/react-query@5.108.0',
      // docs/testing.md's component test.
      'vitest@4.1.12',
      'react-dom@19.3.1',
      '@testing-library/react@16.3.3',
      '@testing-library/dom@10.4.2',
    );
    const dir = join(app, 'doc-snippets');
    mkdirSync(dir, { recursive: true });
    const files = docFiles().flatMap((file) =>
      snippetsOf(file)
        .filter((snippet) => snippet.lang === 'ts' || snippet.lang === 'tsx')
        .map((snippet) => {
          const name = `${file.replace(/[^A-Za-z0-9]+/g, '-')}-line-${snippet.line}.${snippet.lang}`;
          writeFileSync(join(dir, name), snippet.code);
          return `doc-snippets/${name}`;
        }),
    );
    expect(files.length).toBeGreaterThan(5);
    const project = join(app, 'tsconfig.docs.json');
    writeFileSync(
      project,
      JSON.stringify({ compilerOptions: { ...compilerOptions('bundler'), types: ['react'], moduleDetection: 'force' }, files }),
    );
    // Each error names the snippet by its Markdown file and the line of its opening fence.
    expect(tsc(app, project)).toBe('');
  }, 180_000);
});

// The mock as QA installs it: `npx storefront-mock` from the package installed by name, in a folder with nothing else (no repository,
// no Prism), started and stopped with its whole process group.
describe('the storefront-mock command from the tarball', () => {
  const npx = (...args: string[]) =>
    spawnSync('npx', ['--no-install', 'storefront-mock', ...args], { cwd: app, encoding: 'utf8', timeout: 60_000 });
  const serve = async (...args: string[]) => {
    const child = spawn('npx', ['--no-install', 'storefront-mock', ...args], {
      cwd: app,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    // 'close', not 'exit': npm may be gone before the mock it started has written its last line into the shared pipe.
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    const deadline = Date.now() + 30_000;
    while (!/mock ready on/.test(output) && Date.now() < deadline) {
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toMatch(/mock ready on/);
    return {
      output: () => output,
      /** SIGTERM to the whole group (npm exec, its shell and the mock); resolves once all of them are gone. */
      stop: async () => {
        process.kill(-(child.pid ?? 0), 'SIGTERM');
        await exited;
      },
    };
  };

  it('stays within the tarball budget', () => {
    const tarball = join(scratch, readdirSync(scratch).find((name) => name.endsWith('.tgz')) ?? '');
    const size = statSync(tarball).size;
    console.log(`package tarball: ${size} B (budget ${TARBALL_BUDGET_BYTES} B)`);
    expect(size).toBeLessThanOrEqual(TARBALL_BUDGET_BYTES);
  });

  it('--version prints the version package.json, the documents and the health control share', async () => {
    const shown = npx('--version');
    expect(shown.status).toBe(0);
    expect(shown.stdout.trim()).toBe(version);
    const port = await freePort();
    const mock = await serve('--port', String(port));
    try {
      const health = (await (await fetch(`http://127.0.0.1:${port}/__mock/health`)).json()) as { version: string };
      expect(health.version).toBe(version);
    } finally {
      await mock.stop();
    }
  }, 120_000);

  it('--help lists the settings and exits 0; a bad flag is one line and exit 2; a missing Prism one line and exit 1', () => {
    const help = npx('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: storefront-mock \[flags\]/);
    expect(help.stdout).toContain('--upstream URL');
    const bad = npx('--port', 'eighty');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe('storefront-mock: --port must be an integer from 0 to 65535, got "eighty"');
    const unknown = npx('--colour');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr.trim()).toBe('storefront-mock: unknown flag "--colour"; see --help');
    const noPrism = npx('--mode', 'static', '--port', '0');
    expect(noPrism.status).toBe(1);
    expect(noPrism.stderr.trim().split('\n')).toEqual([
      'storefront-mock: static and dynamic modes need Prism: npm install --save-dev @stoplight/prism-cli@5.14.2 (the stateful and proxy modes do not)',
    ]);
  }, 120_000);

  it('serves the stateful mock on --port N, and checks it as an upstream with --mode proxy', async () => {
    const port = await freePort();
    const mock = await serve('--port', String(port));
    const proxyPort = await freePort();
    const proxy = await serve('--mode', 'proxy', '--upstream', `http://127.0.0.1:${port}`, '--port', String(proxyPort));
    try {
      const direct = await fetch(`http://127.0.0.1:${port}/v1/carts/current`, { headers: { authorization: API_KEY } });
      expect(direct.status).toBe(200);
      const body = (await direct.json()) as { cart: { id: string } };
      const through = await fetch(`http://127.0.0.1:${proxyPort}/v1/carts/current`, { headers: { authorization: API_KEY } });
      expect(through.status).toBe(200);
      expect(through.headers.get('x-mock-contract')).toBe('ok');
      expect(((await through.json()) as { cart: { id: string } }).cart.id).toBe(body.cart.id);
      const missing = await fetch(`http://127.0.0.1:${proxyPort}/v1/products/no-such-product`, { headers: { authorization: API_KEY } });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-mock-contract')).toBe('ok');
      expect(proxy.output()).toContain(`proxy to http://127.0.0.1:${port}`);
    } finally {
      await proxy.stop();
      await mock.stop();
    }
    // Each stopped itself cleanly and freed its port: on the group's SIGTERM, or on npx exiting, whichever the
    // mock noticed first (a loaded machine may run its parent check before the signal's handler).
    const cleanStop = /mock stopped \((SIGTERM|npm parent exited|npm exited)\)/;
    expect(proxy.output()).toMatch(cleanStop);
    expect(mock.output()).toMatch(cleanStop);
    await expect(fetch(`http://127.0.0.1:${port}/__mock/health`)).rejects.toThrow();
  }, 120_000);
});
