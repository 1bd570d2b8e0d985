// Raw HTTP over a TCP socket, for probes a fetch client would refuse or normalise.
import { connect } from 'node:net';

export interface RawAnswer {
  /** Everything the server sent before it closed or went quiet. */
  readonly text: string;
  readonly status: number | undefined;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** True when the server closed the connection. */
  readonly closed: boolean;
}

const parse = (text: string, closed: boolean): RawAnswer => {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = /^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1];
  return { text, status: status ? Number(status) : undefined, headers, body: rest.join('\r\n\r\n'), closed };
};

/**
 * Writes `chunks` (each after the previous was flushed) and collects the answer until the server closes the
 * connection or `quietMs` pass without data once something arrived, or `timeoutMs` in all.
 */
export const rawRequest = (
  port: number,
  chunks: readonly (string | Buffer)[],
  { timeoutMs = 5000, quietMs = 300 } = {},
): Promise<RawAnswer> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let quiet: NodeJS.Timeout | undefined;
    const done = (closed: boolean) => {
      clearTimeout(overall);
      clearTimeout(quiet);
      socket.destroy();
      resolve(parse(text, closed));
    };
    const overall = setTimeout(() => done(false), timeoutMs);
    socket.on('data', (data) => {
      text += data.toString('latin1');
      clearTimeout(quiet);
      quiet = setTimeout(() => done(false), quietMs);
    });
    socket.on('close', () => done(true));
    socket.on('error', () => undefined);
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        await new Promise<void>((written) => socket.write(chunk, () => written()));
      }
    });
  });
