// When a failed call is sent again, and after how long. A 429 or 503 that carries `Retry-After` is honoured: the
// call waits exactly that long, and is not retried when that is longer than the policy's longest delay (sending
// it sooner would be refused again; the caller gets the error and its `retryAfterMs`). Other retryable failures
// (408, 502, 504, 429 or 503 without the header, the network) back off exponentially.
import type { ApiError } from '../errors/api-error';
import { RETRY_AFTER_STATUSES } from '../protocol';
import type { RetryPolicy } from './options';
import { mayRetry } from './transient';

/** Whether attempt `attempt` (0-based) may be followed by another, and after how long; undefined: no retry. */
export const retryDelay = (policy: RetryPolicy | undefined, method: string, attempt: number, error: ApiError): number | undefined => {
  if (!policy?.methods.includes(method) || !mayRetry(attempt, error, policy.retries)) return undefined;
  const asked = RETRY_AFTER_STATUSES.has(error.status) ? error.retryAfterMs : undefined;
  if (asked !== undefined) return asked <= policy.maxDelayMs ? asked : undefined;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
};
