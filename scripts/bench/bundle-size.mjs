// Size of the smallest browser app that creates a client and calls GET /v1/carts/current, minified and gzipped.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

export const measureBundle = async (root) => {
  const scratch = mkdtempSync(join(tmpdir(), 'bundle-size-'));
  try {
    const entry = join(scratch, 'main.ts');
    writeFileSync(
      entry,
      `import { createClient, staticToken } from ${JSON.stringify(join(root, 'src/index.ts'))};\n` +
        `const client = createClient({ baseUrl: location.origin, auth: staticToken('token') });\n` +
        `client.commerce.GET('/v1/carts/current').then(({ data }) => console.log(data?.cart?.id));\n`,
    );
    const outDir = join(scratch, 'out');
    await build({
      root: scratch,
      configFile: false,
      logLevel: 'silent',
      build: { outDir, minify: true, lib: { entry, formats: ['es'], fileName: 'app' } },
    });
    const files = readdirSync(outDir).filter((name) => /\.m?js$/.test(name));
    const code = Buffer.concat(files.map((name) => readFileSync(join(outDir, name))));
    return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};
