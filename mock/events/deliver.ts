// One delivery of one signed event to one target: POST the token as text, retry a failed attempt (non-2xx, no
// answer in time, connection failure) after a growing pause, a bounded number of times, as the platform does.

export interface DeliveryAttemptOptions {
  readonly fetch: typeof fetch;
  readonly url: string;
  readonly token: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly maxAttempts: number;
  /** Pause before retry n (1-based): a number doubles from that base; a function decides. */
  readonly backoffMs: number | ((retry: number) => number);
  /** Each attempt must be answered within this (the platform allows 1,250 ms). */
  readonly timeoutMs: number;
  /** Aborts the delivery (mock reset or shutdown). */
  readonly signal: AbortSignal;
  /** Told before each attempt, with its number (1-based). */
  readonly onAttempt: (attempt: number) => void;
}

export interface DeliveryOutcome {
  readonly delivered: boolean;
  readonly attempts: number;
  readonly responseStatus?: number;
  readonly lastError?: string;
}

/** The pause before retry `retry` (1-based): base, 2 x base, 4 x base, ... or what the function says. */
export const backoffDelay = (backoffMs: DeliveryAttemptOptions['backoffMs'], retry: number): number =>
  Math.max(0, typeof backoffMs === 'function' ? backoffMs(retry) : backoffMs * 2 ** (retry - 1));

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

const describeFailure = (error: unknown, timeoutMs: number, signal: AbortSignal): string => {
  if (signal.aborted) return `canceled: ${String(signal.reason instanceof Error ? signal.reason.message : signal.reason)}`;
  const { name, cause } = (error ?? {}) as { name?: string; cause?: { code?: string } };
  if (name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  return `connection failed${cause?.code ? ` (${cause.code})` : ''}`;
};

export type SingleAttemptOptions = Pick<DeliveryAttemptOptions, 'fetch' | 'url' | 'token' | 'headers' | 'timeoutMs' | 'signal'>;

export interface AttemptOutcome {
  readonly delivered: boolean;
  readonly responseStatus?: number;
  readonly lastError?: string;
}

/** One attempt (`attempt`, 1-based): a 2xx within the time-out delivers; anything else says why not. */
export const attemptDelivery = async (options: SingleAttemptOptions, attempt: number): Promise<AttemptOutcome> => {
  try {
    const response = await options.fetch(options.url, {
      method: 'POST',
      headers: { ...options.headers, 'x-mock-attempt': String(attempt) },
      body: options.token,
      redirect: 'manual',
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { delivered: true, responseStatus: response.status };
    return { delivered: false, responseStatus: response.status, lastError: `HTTP ${response.status}` };
  } catch (error) {
    return { delivered: false, lastError: describeFailure(error, options.timeoutMs, options.signal) };
  }
};

export const deliverWithRetries = async (options: DeliveryAttemptOptions): Promise<DeliveryOutcome> => {
  const { signal } = options;
  let lastError: string | undefined;
  let responseStatus: number | undefined;
  let attempts = 0;
  while (attempts < options.maxAttempts && !signal.aborted) {
    if (attempts > 0) {
      await pause(backoffDelay(options.backoffMs, attempts), signal);
      if (signal.aborted) break;
    }
    attempts += 1;
    options.onAttempt(attempts);
    const outcome = await attemptDelivery(options, attempts);
    if (outcome.responseStatus !== undefined) responseStatus = outcome.responseStatus;
    if (outcome.delivered) return { delivered: true, attempts, ...(responseStatus !== undefined && { responseStatus }) };
    lastError = outcome.lastError;
  }
  if (signal.aborted) lastError = describeFailure(undefined, options.timeoutMs, signal);
  return {
    delivered: false,
    attempts,
    ...(responseStatus !== undefined && { responseStatus }),
    ...(lastError !== undefined && { lastError }),
  };
};
