// One attempt on the wire. The time-out covers the body too: a server that sends headers and then stalls is
// cut off like one that never answers.

export interface Answer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly text: string;
  readonly response: Response;
}

export interface SendOptions {
  readonly fetch: typeof fetch;
  readonly signals: readonly (AbortSignal | undefined)[];
  readonly timeoutMs: number | undefined;
}

/** The signal one attempt runs under, and how to release its timer and listeners. */
const attemptSignal = ({ signals, timeoutMs }: SendOptions): { signal: AbortSignal | undefined; release: () => void } => {
  const given = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (timeoutMs === undefined && given.length <= 1) return { signal: given[0], release: () => undefined };
  const controller = new AbortController();
  const abort = (reason: unknown) => controller.abort(reason);
  const unlisten: (() => void)[] = [];
  for (const source of given) {
    if (source.aborted) abort(source.reason);
    const onAbort = () => abort(source.reason);
    source.addEventListener('abort', onAbort, { once: true });
    unlisten.push(() => source.removeEventListener('abort', onAbort));
  }
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => abort(new DOMException(`The call took longer than ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      for (const stop of unlisten) stop();
    },
  };
};

export const send = async (url: string, init: RequestInit, options: SendOptions): Promise<Answer> => {
  const { signal, release } = attemptSignal(options);
  try {
    // Already cancelled (before or during auth): never send it.
    if (signal?.aborted) throw signal.reason;
    // Called unbound: a browser's fetch throws "Illegal invocation" when `this` is some other object.
    const fetchOnce = options.fetch;
    const response = await fetchOnce(url, { ...init, signal });
    const text = await response.text();
    return { status: response.status, statusText: response.statusText, headers: response.headers, text, response };
  } finally {
    release();
  }
};
