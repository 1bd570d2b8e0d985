// A forced connection fault on the Node server: the connection reset before any answer, a body cut off before
// the length its headers declare, or a body that stalls half-way (ended only when the client gives up, or after
// STALL_MS). The engine marks the answer (FAULT_HEADER); the adapter hands it here instead of sending it.
import type { ServerResponse } from 'node:http';
import type { ConnectionFault } from '../../src/protocol';

/** Longest a stalled answer keeps its connection open. */
const STALL_MS = 120_000;

export const sendWithFault = (
  res: ServerResponse,
  fault: ConnectionFault,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): void => {
  const socket = res.socket;
  if (fault === 'reset') {
    // RST rather than FIN: the client sees the connection reset, with no answer at all.
    socket?.resetAndDestroy();
    return;
  }
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.shouldKeepAlive = false;
  res.writeHead(status, { ...headers, 'content-length': String(bytes.length), connection: 'close' });
  res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
  if (fault === 'truncate') {
    // Flushed first, then cut: the client reads half the declared length and then the end of the connection.
    res.once('drain', () => socket?.destroy());
    setTimeout(() => socket?.destroy(), 50);
    return;
  }
  const timer = setTimeout(() => socket?.destroy(), STALL_MS);
  res.once('close', () => clearTimeout(timer));
};
