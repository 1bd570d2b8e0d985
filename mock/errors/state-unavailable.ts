// The shared state (Redis) cannot be reached: every request that needs it is answered 503 UNAVAILABLE, as every
// operation declares, and the mock serves again by itself once the state is back.
import type { MockResponse } from '../pipeline/types';
import { applicationFailure } from './platform-error';

export class StateUnavailableError extends Error {
  override name = 'StateUnavailableError';
}

export const stateUnavailable = (error: StateUnavailableError, requestId: string): MockResponse =>
  applicationFailure(
    { status: 503, code: 'UNAVAILABLE', description: `The mock's shared state is unavailable (${error.message}); retry later` },
    requestId,
  );
