import type { IncomingMessage } from 'node:http';

export type BodyRead = { readonly ok: true; readonly body: Buffer } | { readonly ok: false; readonly reason: 'too-large' | 'aborted' };

/**
 * The request body, at most `limit` bytes. Past the limit the rest is read and dropped (never kept), so the
 * 413 can be answered on a connection the client is still writing to.
 */
export const readBody = (req: IncomingMessage, limit: number): Promise<BodyRead> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        settle({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => settle({ ok: true, body: Buffer.concat(chunks, size) }));
    req.on('error', () => settle({ ok: false, reason: 'aborted' }));
    req.on('close', () => settle({ ok: false, reason: 'aborted' }));
  });
