// The answer stage: what leaves the pipeline. An operation's answer is serialized here (JSON, unless the check
// stage kept its text), a refusal becomes the platform's error body, and every answer carries the request id,
// as the platform's do. A failure anywhere in the pipeline becomes a 500 naming the operation, logged with the
// request id, and the next request is served; shared state out of reach is a 503 UNAVAILABLE instead.
import { JSON_MEDIA_TYPE, REQUEST_ID_HEADER } from '../../../src/protocol';
import { knownText } from '../../engine/json-texts';
import { applicationFailure, internalFailure } from '../../errors/platform-error';
import { StateUnavailableError, stateUnavailable } from '../../errors/state-unavailable';
import { answerWith, type StageResult } from '../stage-result';
import type { MockRequest, MockResponse, Trace } from '../types';
import { CheckedAnswers, type CheckedRequest } from './answer-check';
import type { ContractAnswer, Refusal } from './handler';

/** The body's JSON; an answer wrapping one record whose text a shared store already made reuses that text. */
const serialized = (body: unknown): string => {
  const wrapped = CheckedAnswers.wrapped(body);
  const known = wrapped && knownText(wrapped.record);
  return wrapped && known !== undefined ? `{${JSON.stringify(wrapped.key)}:${known}}` : JSON.stringify(body);
};

/** The response of an operation's result that passed its check; `text` is the body's JSON text when known. */
export const operationAnswer = (result: ContractAnswer | Refusal, text: string | undefined, requestId: string): MockResponse => {
  if (result.kind === 'refusal') {
    const { status, code, description, data } = result;
    return applicationFailure({ status, code, description, ...(data && { data }) }, requestId);
  }
  const { status, body, headers } = result;
  if (body === undefined) return { status, headers: { ...headers, [REQUEST_ID_HEADER]: requestId }, body: '' };
  return {
    status,
    headers: { 'content-type': JSON_MEDIA_TYPE, ...headers, [REQUEST_ID_HEADER]: requestId },
    body: text ?? result.text ?? serialized(body),
  };
};

/** The last stage: the checked result as the response sent. */
export const answerStage = (request: CheckedRequest): StageResult<never> =>
  answerWith(operationAnswer(request.result, request.text, request.raw.requestId));

/** The response with the request id header (the same object when it carries it already). */
export const withRequestId = (response: MockResponse, requestId: string): MockResponse =>
  response.headers[REQUEST_ID_HEADER] === requestId
    ? response
    : { ...response, headers: { ...response.headers, [REQUEST_ID_HEADER]: requestId } };

/** The 500 of a failure inside the mock, reported on `log` with the request id and what the pipeline knew. */
export const failureAnswer = (error: unknown, request: MockRequest, trace: Trace, log: (line: string) => void): MockResponse => {
  if (error instanceof StateUnavailableError) {
    log(`503 ${request.requestId} ${trace.operationId ?? '-'} ${request.method} ${request.target.slice(0, 200)}: ${error.message}`);
    return stateUnavailable(error, request.requestId);
  }
  log(
    `500 ${request.requestId} ${trace.operationId ?? '-'} ${request.method} ${request.target.slice(0, 200)}: ${(error as Error)?.stack ?? String(error)}`,
  );
  return internalFailure(trace.operationId, error, request.requestId);
};
