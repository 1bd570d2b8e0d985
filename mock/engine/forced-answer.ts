// What a scenario's forced failure answers: the platform's error body with the forced status and code (a 429 or
// 503 with `Retry-After`, as the platform's edge sends it), or, for a connection fault, the operation's own
// example answer marked for the adapter to reset, cut off or stall. Either way the call does not reach the service.
import { JSON_MEDIA_TYPE, REQUEST_ID_HEADER, RETRY_AFTER_STATUSES } from '../../src/protocol';
import { applicationFailure } from '../errors/platform-error';
import type { MockResponse } from '../pipeline/types';
import type { ExampleAnswers } from './example-answers';
import { DEFAULT_RETRY_AFTER_SECONDS, FAULT_HEADER, type ForcedFailure } from './scenarios';

export const forcedAnswer = (
  operationId: string,
  session: string,
  failure: ForcedFailure,
  examples: ExampleAnswers,
  requestId: string,
): MockResponse => {
  const description = failure.description ?? `Forced by the ${operationId} scenario of session ${session}`;
  if (failure.fault) {
    // The body a client would have read, had the connection held: the operation's success example.
    const chosen = examples.answer(operationId, { code: 200 });
    const body = 'missing' in chosen || chosen.body === undefined ? { message: description } : chosen.body;
    return {
      status: 'missing' in chosen ? 200 : chosen.status,
      headers: { 'content-type': JSON_MEDIA_TYPE, [REQUEST_ID_HEADER]: requestId, [FAULT_HEADER]: failure.fault },
      body: JSON.stringify(body),
    };
  }
  const status = failure.status ?? 503;
  const retryAfter = RETRY_AFTER_STATUSES.has(status) ? String(failure.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) : undefined;
  return applicationFailure(
    {
      status,
      ...(failure.code && { code: failure.code }),
      description,
      ...(retryAfter !== undefined && { headers: { 'retry-after': retryAfter } }),
    },
    requestId,
  );
};
