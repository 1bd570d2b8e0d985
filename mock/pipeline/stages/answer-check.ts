// The answer check stage, in every mode: the handler's answer must be one the operation declares, its body
// valid against that status's response schema; a refusal's status must be declared and its code one the
// operation declares for that status (its error body is checked against that response's schema, which
// enumerates the codes). A result that breaks the contract is the mock's own bug (an engine service, or an
// example of the spec) and is never sent: it is logged as `500 <request id> <operationId>: <what broke>` and
// answered as a 500 naming the operation and the field, so a test that drives the mock fails on it instead of
// trusting a wrong answer. A generated answer (Prism's dynamic bodies) is the one exception for a flaw of its
// body, logged the same way under the status it is then served with (json-schema-faker's flaw, and a client
// fuzzing shapes gets the body it asked for, as before); an undeclared status or code never is.
import { applicationErrorBody, internalFailure } from '../../errors/platform-error';
import type { ResponseValidator } from '../../validation/response-validator';
import { answerWith, enrich, next, type StageResult } from '../stage-result';
import type { MockResponse, ValidatedRequest } from '../types';
import type { ContractAnswer, HandledRequest, Refusal } from './handler';

export type { HandledRequest } from './handler';

export interface AnswerCheckOptions {
  readonly responses: ResponseValidator;
  /** Where each broken answer is reported, one line with the request id. */
  readonly log: (line: string) => void;
}

/** Passed, with the answer's JSON text when the check kept it; or the mock's 500 in its place. */
export type AnswerVerdict =
  | { readonly ok: true; readonly text: string | undefined }
  | { readonly ok: false; readonly response: MockResponse };

export type AnswerCheckStage = (request: ValidatedRequest, result: ContractAnswer | Refusal) => AnswerVerdict;

const PASSED: AnswerVerdict = Object.freeze({ ok: true, text: undefined });

/** Where an error body's code sits, as a violation names it. */
const CODE_FIELD = 'details.applicationError.code';

/**
 * Read answers that wrap one stored record (`{ cart }`, `{ product }`...) whose record is frozen, hence
 * unchanged since it was last answered: its verdict against the response schema and its JSON text are kept
 * with it (per operation and status), so reading the same record again costs neither. Dropped with the record.
 */
export class CheckedAnswers {
  readonly #byRecord = new WeakMap<object, Map<string, string>>();

  /** The single frozen record an answer wraps, and its key, when it is such an answer. */
  static wrapped(body: unknown): { readonly key: string; readonly record: object } | undefined {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const keys = Object.keys(body);
    if (keys.length !== 1) return undefined;
    const key = keys[0] as string;
    const record = (body as Record<string, unknown>)[key];
    return typeof record === 'object' && record !== null && Object.isFrozen(record) ? { key, record } : undefined;
  }

  get(record: object, slot: string): string | undefined {
    return this.#byRecord.get(record)?.get(slot);
  }

  set(record: object, slot: string, text: string): void {
    let slots = this.#byRecord.get(record);
    if (!slots) {
      slots = new Map();
      this.#byRecord.set(record, slots);
    }
    slots.set(slot, text);
  }
}

export const createAnswerCheck = ({ responses, log }: AnswerCheckOptions): AnswerCheckStage => {
  const checked = new CheckedAnswers();

  const failed = (operationId: string, description: string, requestId: string): AnswerVerdict => {
    log(`500 ${requestId} ${operationId}: ${description}`);
    return { ok: false, response: internalFailure(operationId, new Error(description), requestId) };
  };

  return (request, result) => {
    const { operation, raw } = request;
    const { operationId } = operation;
    if (result.kind === 'refusal') {
      const { status, code, description, data } = result;
      if (!responses.declares(operationId, status))
        return failed(
          operationId,
          `refused with ${status} ${code}, a status the operation does not declare (${description})`,
          raw.requestId,
        );
      const violation = responses.check(operationId, status, applicationErrorBody({ status, code, description, data }));
      if (!violation) return PASSED;
      const { field, description: broken } = violation.violation;
      return failed(
        operationId,
        `refused with ${status} ${code}, which breaks the ${operationId} contract: "${field}" ${broken} (${description})`,
        raw.requestId,
      );
    }
    const { status } = result;
    // Only reads are kept: a write answers a record made just now, which the next write replaces.
    const wrapped = operation.readOnly ? CheckedAnswers.wrapped(result.body) : undefined;
    const slot = wrapped && `${operationId} ${status} ${wrapped.key}`;
    if (wrapped && slot) {
      const known = checked.get(wrapped.record, slot);
      if (known !== undefined) return { ok: true, text: known };
    }
    const violation = responses.check(operationId, status, result.body);
    if (violation) {
      const { field, description } = violation.violation;
      const broken = `the answer breaks the ${operationId} contract (status ${status}): "${field}" ${description}`;
      if (!result.generated || field === 'status' || field === CODE_FIELD) return failed(operationId, broken, raw.requestId);
      log(`${status} ${raw.requestId} ${operationId}: ${broken} (a generated answer, served as it is)`);
      return PASSED;
    }
    if (!wrapped || !slot) return PASSED;
    const text = `{${JSON.stringify(wrapped.key)}:${JSON.stringify(wrapped.record)}}`;
    checked.set(wrapped.record, slot, text);
    return { ok: true, text };
  };
};

/** After the answer check: the result passed, with its JSON text when the check kept it. */
export interface CheckedRequest extends HandledRequest {
  readonly text: string | undefined;
}

export const checkAnswerStage =
  (check: AnswerCheckStage) =>
  (request: HandledRequest): StageResult<CheckedRequest> => {
    const verdict = check(request, request.result);
    return verdict.ok ? next(enrich(request, { text: verdict.text })) : answerWith(verdict.response);
  };
