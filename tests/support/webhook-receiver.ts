// A webhook receiver on 127.0.0.1 (a free port) for tests: records every POST and answers as the test scripts it.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** How to answer the nth request (1-based) to a path: a status, or `hang` to answer only after `ms`. */
export type Answer = number | { readonly hang: number; readonly status: number };

export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedRequest[];
  /** Requests to one path, in arrival order. */
  at(path: string): ReceivedRequest[];
  close(): Promise<void>;
}

export const startWebhookReceiver = async (script: (path: string, nth: number) => Answer): Promise<WebhookReceiver> => {
  const received: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = script(path, received.filter((entry) => entry.path === path).length);
      const send = (status: number) => {
        if (!response.destroyed) response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
      };
      if (typeof answer === 'number') return send(answer);
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(answer.status);
      }, answer.hang);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    at: (path) => received.filter((entry) => entry.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};
