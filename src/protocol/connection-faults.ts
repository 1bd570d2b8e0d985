// The connection faults the mock can force on an operation's answer, as a client meets them on the wire: the
// connection reset before any answer, a body cut off before its declared length, a body that stalls half-way and
// never ends. The mock's controls, its adapters, the explorer and a testing entry name them from here.

export const CONNECTION_FAULTS = ['reset', 'truncate', 'stall'] as const;

export type ConnectionFault = (typeof CONNECTION_FAULTS)[number];

export const isConnectionFault = (value: unknown): value is ConnectionFault =>
  typeof value === 'string' && (CONNECTION_FAULTS as readonly string[]).includes(value);

/** The answers of the platform's edge every operation declares (429 with `Retry-After`, 502, 503, 504). */
export const GATEWAY_STATUSES = [429, 502, 503, 504] as const;

/** The gateway answers that carry `Retry-After`. */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Seconds a 429 or 503 asks the client to wait when whoever forces it names none. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;
