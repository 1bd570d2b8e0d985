// A connection fault as a Fetch API answer, for request interceptors (MSW handlers): `reset` is a network error
// (fetch rejects, as on a reset connection), `truncate` a body that errors half-way, `stall` a body that sends half
// and never ends. The mock's MSW adapter and the testing entry's `answer()` both answer faults with it.
import type { ConnectionFault } from './connection-faults';

export const connectionFaultResponse = (
  fault: ConnectionFault,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: string,
  /** The request's signal: a stalled body ends with the abort, as a real connection does when the client gives up. */
  signal?: AbortSignal,
): Response => {
  // What MSW's HttpResponse.error() is: a Response of type `error`, which an interceptor turns into a network error.
  if (fault === 'reset') return Response.error();
  const bytes = new TextEncoder().encode(body);
  const half = bytes.subarray(0, Math.floor(bytes.length / 2));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(half);
      if (fault === 'truncate') controller.error(new TypeError('The connection was closed before the body ended'));
      // A stalled body: nothing more is enqueued and the stream is never closed, until the client gives up.
      signal?.addEventListener('abort', () => controller.error(signal.reason), { once: true });
    },
  });
  return new Response(stream, { status, headers: { ...headers, 'content-length': String(bytes.length) } });
};
