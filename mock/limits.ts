// Transport limits of the mock: the body size both adapters accept (MOCK_MAX_BODY) and how long a client of the
// Node HTTP server may take. Isomorphic: the MSW adapter bounds bodies with the same limit and answer.
import { applicationFailure } from './errors/platform-error';
import type { MockResponse } from './pipeline/types';

/** 1 MiB: far above any request of the API (a bulk update of 100 products is about 100 KB). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface TransportLimits {
  readonly maxBodyBytes: number;
  /** The whole request (headers and body) must arrive within this; a stalled client gets a 408. */
  readonly requestTimeoutMs: number;
  /** The headers must arrive within this. */
  readonly headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  readonly keepAliveTimeoutMs: number;
}

export const DEFAULT_LIMITS: TransportLimits = {
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
};

/** The 413 of a body over the limit, in either adapter. */
export const bodyTooLarge = (maxBodyBytes: number, requestId: string): MockResponse =>
  applicationFailure(
    { status: 413, description: `The request body is larger than the mock accepts (MOCK_MAX_BODY = ${maxBodyBytes} bytes)` },
    requestId,
  );

const UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, kb: 1024, k: 1024, mb: 1024 ** 2, m: 1024 ** 2 };

/** `1048576`, `512kb`, `2mb` -> bytes; undefined when the text is not a size. */
export const parseByteSize = (text: string): number | undefined => {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const factor = match ? UNITS[(match[2] ?? '').toLowerCase()] : undefined;
  if (!match || factor === undefined) return undefined;
  const bytes = Math.floor(Number(match[1]) * factor);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
};
