import { vi } from 'vitest';

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Headers;
  readonly body: Record<string, unknown> | undefined;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A stubbed fetch that answers by `METHOD /path` and records every request it saw. */
export const fakePlatform = (routes: Record<string, Handler>) => {
  const seen: SeenRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input as RequestInfo, init);
    const text = await request.text();
    const entry: SeenRequest = {
      method: request.method,
      path: new URL(request.url).pathname,
      headers: request.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    };
    seen.push(entry);
    const handler = routes[`${entry.method} ${entry.path}`];
    return handler ? handler(entry) : json(404, { message: 'no route' });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
};
