// Serves a built static site (docs-site/dist/) on 127.0.0.1: what `npm start` and the browser tests use. Plain
// files only, as any static host would serve them; nothing outside the folder is reachable.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticSite {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** The file a request path names inside `root` (a folder gives its index.html), or undefined. */
const fileFor = (root: string, pathname: string): string | undefined => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const path = normalize(join(root, decoded));
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  if (!existsSync(path)) return undefined;
  const stat = statSync(path);
  if (stat.isFile()) return path;
  const index = join(path, 'index.html');
  return stat.isDirectory() && existsSync(index) ? index : undefined;
};

export interface ServeOptions {
  readonly port?: number;
  readonly host?: string;
  /** Files served from memory by path (`/config.json`), as if they were in the folder; they win over it. */
  readonly files?: Readonly<Record<string, string>>;
}

export const serveStatic = async (root: string, options: ServeOptions = {}): Promise<StaticSite> => {
  const { port = 0, host = '127.0.0.1', files = {} } = options;
  const base = normalize(root).replace(/[\\/]+$/, '');
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://site');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method not allowed');
      return;
    }
    const inMemory = files[pathname];
    if (inMemory !== undefined) {
      response.writeHead(200, {
        'content-type': TYPES[extname(pathname)] ?? 'application/octet-stream',
        'content-length': Buffer.byteLength(inMemory),
        'cache-control': 'no-cache',
      });
      response.end(request.method === 'HEAD' ? undefined : inMemory);
      return;
    }
    // `/explorer` -> `/explorer/`, so the page's relative asset paths resolve.
    const file = fileFor(base, pathname);
    if (file && !pathname.endsWith('/') && file.endsWith(`${sep}index.html`) && !pathname.endsWith('index.html')) {
      response.writeHead(301, { location: `${pathname}/` }).end();
      return;
    }
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Not found: ${pathname}`);
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': statSync(file).size,
      'cache-control': 'no-cache',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actual}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
