// The Node HTTP adapter: turns sockets into MockRequests for the pipeline and its MockResponses back into
// HTTP. Transport failures (headers too large, bodies too large, malformed or stalled requests) are answered
// here, in the same platform error body.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isConnectionFault, REQUEST_ID_HEADER } from '../../src/protocol';
import { FAULT_HEADER } from '../engine/scenarios';
import { applicationFailure, internalFailure } from '../errors/platform-error';
import { bodyTooLarge, type TransportLimits } from '../limits';
import type { Pipeline } from '../pipeline/pipeline';
import { newRequestId } from '../pipeline/request-id';
import type { MockResponse } from '../pipeline/types';
import { createAnswerBatch } from './answer-batch';
import { sendWithFault } from './connection-fault';
import { type CorsPolicy, corsHeaders, isOriginAllowed, preflightHeaders } from './cors';
import { readBody } from './read-body';

export interface AdapterOptions {
  readonly pipeline: Pipeline;
  readonly limits: TransportLimits;
  readonly cors: CorsPolicy;
  readonly log: (line: string) => void;
}

/** Node joins repeated headers with `, ` itself, all but `set-cookie`: only then is a copy needed. */
const headerMap = (req: IncomingMessage): Record<string, string> => {
  if (req.headers['set-cookie'] === undefined) return req.headers as Record<string, string>;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
};

/** Errors of a request or answer stream are the client's business: nothing to do but not crash. */
const ignore = (): undefined => undefined;

/** Longest the mock keeps reading (and dropping) a refused body before it closes the connection. */
const DRAIN_MS = 5_000;

/**
 * Writes an answer unless one was already started; a header the client cannot be sent becomes a 500. With
 * `drain`, the answer is complete at once but the connection is only ended once the client has finished
 * sending (or DRAIN_MS passed): closing on unread data would reset the connection and lose the answer.
 */
const send = (req: IncomingMessage, res: ServerResponse, response: MockResponse, extra: Record<string, string>, drain = false): void => {
  if (res.headersSent || res.destroyed) return;
  // A text body is written as it is (no copy into a Buffer first): only its length in bytes is needed here.
  const body =
    typeof response.body === 'string'
      ? response.body
      : Buffer.from(response.body.buffer, response.body.byteOffset, response.body.byteLength);
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const fault = response.headers[FAULT_HEADER];
  if (isConnectionFault(fault)) {
    const { [FAULT_HEADER]: _marked, ...headers } = response.headers;
    sendWithFault(res, fault, response.status, { ...headers, ...extra }, body);
    return;
  }
  try {
    res.writeHead(response.status, { ...response.headers, ...response.repeatedHeaders, ...extra, 'content-length': String(length) });
  } catch (error) {
    const requestId = response.headers[REQUEST_ID_HEADER] ?? newRequestId();
    const fallback = internalFailure(undefined, error, requestId);
    const text = Buffer.from(fallback.body);
    res.writeHead(500, { ...fallback.headers, ...extra, 'content-length': String(text.length) });
    res.end(text);
    return;
  }
  if (!drain || req.readableEnded) {
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.write(body);
  const finish = () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(finish, DRAIN_MS);
  req.once('end', finish);
  req.once('close', finish);
  req.resume();
};

const STATUS_LINE: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/** An answer written straight to a socket, for failures Node reports before there is a request object. */
const rawAnswer = (socket: Socket, status: 400 | 408 | 413 | 431, description: string): void => {
  const response = applicationFailure({ status, description }, newRequestId());
  const body = Buffer.from(response.body);
  const head = Object.entries({ ...response.headers, 'content-length': String(body.length), connection: 'close' })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status} ${STATUS_LINE[status]}\r\n${head}\r\n\r\n`), body]));
};

const CLIENT_ERRORS: Readonly<Record<string, { status: 400 | 408 | 413 | 431; description: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, description: 'The request line and headers are larger than the mock accepts (16 KB)' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, description: 'The request did not arrive in time' },
  ERR_HTTP_HEADERS_TIMEOUT: { status: 408, description: 'The request headers did not arrive in time' },
};

export interface ListeningAdapter {
  readonly server: Server;
  readonly port: number;
  close(): Promise<void>;
}

export const listen = async (options: AdapterOptions, host: string, port: number): Promise<ListeningAdapter> => {
  const { limits, cors, pipeline, log } = options;
  // The answer in progress on each socket, so a time-out can be answered on it instead of on the raw socket.
  const inFlight = new WeakMap<Socket, ServerResponse>();
  const later = createAnswerBatch();
  const server = createServer({
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // How often Node looks for stalled requests; its default (30 s) would outlast the time-outs themselves.
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const requestId = newRequestId();
    const origin = req.headers.origin;
    const cross = corsHeaders(cors, origin);
    // The socket's latest answer; a finished one (headers sent) is never answered again, so no clean-up is due.
    inFlight.set(req.socket, res);
    req.on('error', ignore);
    res.on('error', ignore);

    // Browsers preflight every cross-origin call; only allowed origins get a go-ahead.
    if (req.method === 'OPTIONS' && origin && req.headers['access-control-request-method']) {
      req.resume();
      if (!isOriginAllowed(cors, origin)) {
        const forbidden = applicationFailure(
          { status: 403, code: 'FORBIDDEN', description: `Origin ${origin.slice(0, 200)} is not allowed; set MOCK_ALLOWED_ORIGINS` },
          requestId,
        );
        return send(req, res, forbidden, cross);
      }
      res.writeHead(204, { ...cross, ...preflightHeaders(req.headers['access-control-request-headers']), [REQUEST_ID_HEADER]: requestId });
      res.end();
      return;
    }

    // The rest of the body is read and dropped, never kept.
    const tooLarge = () => send(req, res, bodyTooLarge(limits.maxBodyBytes, requestId), cross, true);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limits.maxBodyBytes) return tooLarge();

    // A failure while answering, before or during the batched write: a 500 unless an answer already started.
    const crashed = (error: unknown) => {
      log(`500 ${requestId} adapter: ${(error as Error)?.stack ?? String(error)}`);
      send(req, res, internalFailure(undefined, error, requestId), cross);
    };
    readBody(req, limits.maxBodyBytes)
      .then(async (read) => {
        if (!read.ok) {
          if (read.reason === 'too-large') tooLarge();
          return;
        }
        const response = await pipeline({
          method: req.method ?? 'GET',
          target: req.url ?? '/',
          headers: headerMap(req),
          body: read.body,
          requestId,
        });
        later(() => send(req, res, response, cross), crashed);
      })
      .catch(crashed);
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const known = CLIENT_ERRORS[error.code ?? ''];
    // An answer already finished belongs to an earlier request of the connection: it is not the one stalled.
    const latest = inFlight.get(socket);
    const pending = latest && !latest.writableFinished ? latest : undefined;
    if (pending && !pending.headersSent && known) {
      // A request whose body stalled: answer it, then close the connection.
      pending.shouldKeepAlive = false;
      const requestId = newRequestId();
      const response = applicationFailure({ status: known.status, description: known.description }, requestId);
      pending.writeHead(response.status, {
        ...response.headers,
        connection: 'close',
        'content-length': String(Buffer.byteLength(String(response.body))),
      });
      pending.end(response.body);
      return;
    }
    if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    rawAnswer(socket, known?.status ?? 400, known?.description ?? `The request is not valid HTTP (${error.code ?? error.message})`);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
