// Proxy mode, the Node side: sends a request to the upstream and reads its answer within one deadline. The
// request goes as the client sent it (method, target, credentials and every end-to-end header), with `Host` the
// upstream's and the upstream's base path before the target; the answer comes back as sent, its body decoded
// (gzip, deflate, br) only for checking. A refused or reset connection, or an answer cut short, is `unreachable`
// (the client gets a 502); no complete answer within the deadline is `timeout` (a 504).
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Forwarder, ForwardResult } from '../proxy/proxy-pipeline';

export interface ForwarderOptions {
  /** http(s) URL, optionally with a base path, without a trailing slash. */
  readonly upstream: string;
  /** The whole exchange, connection to last byte of the answer. */
  readonly timeoutMs: number;
  /** Largest answer read; a longer one is a 502 (default 32 MiB). */
  readonly maxAnswerBytes?: number;
}

// RFC 9110 7.6.1: these describe one connection, never passed on (`host` is the upstream's, set below).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
]);

const decoders: Readonly<Record<string, (body: Buffer) => Buffer>> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

const decodeText = (body: Buffer, encoding: string | undefined): string | undefined => {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return body.toString('utf8');
  const decode = decoders[name];
  if (!decode) return undefined;
  try {
    return decode(body).toString('utf8');
  } catch {
    return undefined;
  }
};

/** Node gives only `set-cookie` as a list; it is kept one value per header, as cookies must be. */
const answerHeaders = (response: IncomingMessage): { headers: Record<string, string>; repeatedHeaders: Record<string, string[]> } => {
  const headers: Record<string, string> = {};
  const repeatedHeaders: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (Array.isArray(value)) repeatedHeaders[name] = value;
    else headers[name] = value;
  }
  return { headers, repeatedHeaders };
};

export interface UpstreamConnection {
  readonly forward: Forwarder;
  /** Closes the kept connections to the upstream. */
  close(): void;
}

export const forwardUpstream = (options: ForwarderOptions): UpstreamConnection => {
  const base = new URL(options.upstream);
  const secure = base.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  // Connections to the upstream are kept and reused: a new one per request would cost a round trip (TLS: three).
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const basePath = base.pathname.replace(/\/+$/, '');
  const maxAnswerBytes = options.maxAnswerBytes ?? 32 * 1024 * 1024;

  const forward: Forwarder = (request) =>
    new Promise<ForwardResult>((resolve) => {
      let settled = false;
      const settle = (result: ForwardResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const headers: Record<string, string> = { host: base.host };
      for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
      if (request.body.length > 0) headers['content-length'] = String(request.body.length);
      const target = request.target.startsWith('/') ? request.target : new URL(request.target).pathname + new URL(request.target).search;
      const outgoing = send({
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        method: request.method,
        path: `${basePath}${target}`,
        headers,
        agent,
      });
      const timer = setTimeout(() => {
        settle({ kind: 'timeout', afterMs: options.timeoutMs });
        outgoing.destroy();
      }, options.timeoutMs);
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        settle({ kind: 'unreachable', reason: `${error.code ?? 'error'}: ${error.message}`.slice(0, 300) }),
      );
      outgoing.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxAnswerBytes) {
            settle({ kind: 'unreachable', reason: `the answer is larger than ${maxAnswerBytes} bytes` });
            outgoing.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on('aborted', () => settle({ kind: 'unreachable', reason: 'the upstream closed the connection mid-answer' }));
        response.on('error', () => settle({ kind: 'unreachable', reason: 'the upstream closed the connection mid-answer' }));
        response.on('end', () => {
          if (!response.complete) {
            settle({ kind: 'unreachable', reason: 'the upstream closed the connection mid-answer' });
            return;
          }
          const body = Buffer.concat(chunks);
          settle({
            kind: 'answer',
            status: response.statusCode ?? 502,
            ...answerHeaders(response),
            body,
            text: decodeText(body, response.headers['content-encoding']),
          });
        });
      });
      outgoing.end(request.body.length > 0 ? request.body : undefined);
    });
  return { forward, close: () => agent.destroy() };
};
