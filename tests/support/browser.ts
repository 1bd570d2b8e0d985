// A one-page site for a browser test: a module bundled into an IIFE and an HTML page that loads it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';

/** Bundles `entry` into an IIFE exposing its exports as `window[globalName]`. */
export const bundleForBrowser = async (entry: string, globalName: string): Promise<string> => {
  const outDir = mkdtempSync(join(tmpdir(), 'browser-bundle-'));
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      build: { outDir, minify: false, lib: { entry, name: globalName, formats: ['iife'], fileName: () => 'page.js' } },
    });
    return readFileSync(join(outDir, 'page.js'), 'utf8');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
};

/** Serves one HTML page that loads `script`, on 127.0.0.1 and a free port. */
export const servePage = async (script: string): Promise<{ url: string; server: Server }> => {
  const server = createServer((req, res) => {
    if (req.url === '/page.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><html><head><meta charset="utf-8"><script src="/page.js"></script></head><body></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, server };
};
