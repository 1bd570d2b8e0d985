import { randomUUID } from 'node:crypto';
import { Agent, createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { RouteTable } from '../src/operations/route-table';
import type { OperationMeta as OperationEntry } from '../src/operations/operation-meta';
import { mockRedirectUrl, preferForAuth } from './auth-scenarios';
import { MOCK_FAMILIES, type MockFamily } from './families';
import { serveOAuthPage } from './oauth-pages';
import { startPrism, type PrismProcess } from './prism-process';

export interface MockOptions {
  /** Port of the gateway; 0 picks a free one. */
  readonly port: number;
  readonly verbose?: boolean;
}

export interface RunningMock {
  readonly url: string;
  close(): Promise<void>;
}

interface FamilyBackend {
  readonly family: MockFamily;
  readonly routes: RouteTable<OperationEntry>;
  readonly prism: PrismProcess;
}

const HOST = '127.0.0.1';
// Connections to the Prisms are reused: a new TCP connection per request doubles the latency.
const upstreamAgent = new Agent({ keepAlive: true, maxSockets: 64 });
// The browser explorer reads these; without the expose list they are invisible to fetch().
const EXPOSED_HEADERS = 'x-wix-request-id, sl-violations, location, content-type';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** The family owning a path: the most specific route wins, the request's method first, then any method. */
const route = (backends: readonly FamilyBackend[], method: string, path: string): FamilyBackend | undefined => {
  for (const anyMethod of [false, true]) {
    let best: { backend: FamilyBackend; score: number } | undefined;
    for (const backend of backends) {
      const match = backend.routes.match(anyMethod ? undefined : method, path);
      if (match && (!best || match.score > best.score)) best = { backend, score: match.score };
    }
    if (best) return best.backend;
  }
  return undefined;
};

const corsHeaders = (req: IncomingMessage): Record<string, string> => ({
  'access-control-allow-origin': req.headers.origin ?? '*',
  'access-control-allow-credentials': 'true',
  'access-control-expose-headers': EXPOSED_HEADERS,
});

const notFound = (req: IncomingMessage, res: ServerResponse, requestId: string): void => {
  const description = `No operation of the API at ${req.method} ${req.url}`;
  res.writeHead(404, { 'content-type': 'application/json', 'x-wix-request-id': requestId, ...corsHeaders(req) });
  res.end(JSON.stringify({ message: description, details: { applicationError: { code: 'NOT_FOUND', description } } }));
};

const preflight = (req: IncomingMessage, res: ServerResponse): void => {
  res.writeHead(204, {
    ...corsHeaders(req),
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '600',
  });
  res.end();
};

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const parseJson = (buffer: Buffer): unknown => {
  try {
    return buffer.length > 0 ? (JSON.parse(buffer.toString('utf8')) as unknown) : undefined;
  } catch {
    return undefined;
  }
};

/** Rewrites a successful redirect-session answer so authorize and logout URLs lead to the mock's own pages. */
const rewriteRedirectSession = (answer: Buffer, mockUrl: string, requestBody: unknown): Buffer => {
  const fullUrl = mockRedirectUrl(mockUrl, requestBody);
  const body = parseJson(answer) as { redirectSession?: { fullUrl?: string; urlDetails?: { endpoint?: string } } } | undefined;
  if (!fullUrl || !body?.redirectSession) return answer;
  body.redirectSession.fullUrl = fullUrl;
  if (body.redirectSession.urlDetails) body.redirectSession.urlDetails.endpoint = fullUrl.split('?')[0];
  return Buffer.from(JSON.stringify(body));
};

const proxy = async (backend: FamilyBackend, req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> => {
  const target = new URL(backend.prism.url);
  const path = new URL(req.url ?? '/', 'http://mock').pathname;
  const body = await readBody(req);
  const json = parseJson(body);
  const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: target.host };
  const prefer = req.headers.prefer ? undefined : preferForAuth(path, json);
  if (prefer) headers.prefer = prefer;
  const mockUrl = `http://${req.headers.host ?? '127.0.0.1'}`;
  const upstream = forward(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: upstreamAgent },
    (answer) => {
      const out = { ...answer.headers, ...corsHeaders(req) };
      // Every answer carries a request id, as the platform's do; Prism only sends the one of a declared example.
      out['x-wix-request-id'] = requestId;
      const status = answer.statusCode ?? 502;
      if (path !== '/v1/redirect-session' || status >= 300) {
        res.writeHead(status, out);
        answer.pipe(res);
        return;
      }
      void readBody(answer).then((buffer) => {
        const rewritten = rewriteRedirectSession(buffer, mockUrl, json);
        out['content-length'] = String(rewritten.length);
        res.writeHead(status, out);
        res.end(rewritten);
      });
    },
  );
  upstream.on('error', (error) => {
    res.writeHead(502, { 'content-type': 'application/json', 'x-wix-request-id': requestId, ...corsHeaders(req) });
    res.end(JSON.stringify({ message: `Mock backend failed: ${error.message}`, details: {} }));
  });
  upstream.end(body);
};

/** Starts one Prism per family behind a gateway on 127.0.0.1 that routes each path to the family owning it. */
export const startMock = async ({ port, verbose = false }: MockOptions): Promise<RunningMock> => {
  const started: PrismProcess[] = [];
  try {
    // Both Prisms load their documents at the same time: start-up is the slower one, not the sum.
    const settled = await Promise.allSettled(
      MOCK_FAMILIES.map(async (family) => {
        const prism = await startPrism(family.document, await freePort(), verbose);
        started.push(prism);
        return { family, routes: new RouteTable(family.operations), prism };
      }),
    );
    const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
    const backends = settled.map((result) => (result as PromiseFulfilledResult<FamilyBackend>).value);
    const server = createServer((req, res) => {
      const requestId = `${Date.now() / 1000}.${randomUUID()}`;
      const path = new URL(req.url ?? '/', 'http://mock').pathname;
      if (serveOAuthPage(req, res)) return;
      // Browsers (the explorer, silent sign-in) preflight every cross-origin call; the gateway answers them all.
      if (req.method === 'OPTIONS') return preflight(req, res);
      const backend = route(backends, req.method ?? 'GET', path);
      if (!backend) return notFound(req, res, requestId);
      proxy(backend, req, res, requestId).catch((error: Error) => {
        if (res.headersSent) return res.destroy(error);
        res.writeHead(502, { 'content-type': 'application/json', 'x-wix-request-id': requestId, ...corsHeaders(req) });
        res.end(JSON.stringify({ message: `Mock gateway failed: ${error.message}`, details: {} }));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, HOST, () => resolve());
    });
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    return {
      url: `http://${HOST}:${actualPort}`,
      close: async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all(started.map((prism) => prism.stop()));
      },
    };
  } catch (error) {
    await Promise.all(started.map((prism) => prism.stop()));
    throw error;
  }
};
