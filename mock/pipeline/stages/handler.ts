// The handler stage: the mode's OperationHandler (the stateful engine's services, or Prism's mocker) turns a
// validated request into its result. A result is one of three: an answer the operation declares (checked
// against the contract by the next stage), a refusal in the platform's error body (its status must be one the
// operation declares), or a finished response the mock itself owns (a forced scenario failure, a `Prefer`
// the mode cannot honour), which is sent as it is.
import { answerWith, enrich, next, type StageResult } from '../stage-result';
import type { MockResponse, ValidatedRequest } from '../types';

/** An answer of the operation: status, JSON body and headers as the contract declares them. */
export interface ContractAnswer {
  readonly kind: 'answer';
  readonly status: number;
  /** A JSON value; undefined for an answer without a body (a redirect, a 204). */
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** The body as JSON text, when the handler has it already (the same value as `body`). */
  readonly text?: string | undefined;
  /** Generated from the schemas (Prism's dynamic bodies): served even when it breaks them, once logged. */
  readonly generated?: boolean | undefined;
  /** What the call did, made visible by the handler's `accepted` once the answer passed its check (the engine's events). */
  readonly effects?: unknown;
}

/** The operation refuses the request: an application error with a status the operation declares. */
export interface Refusal {
  readonly kind: 'refusal';
  readonly status: number;
  readonly code: string;
  readonly description: string;
  readonly data?: Record<string, unknown> | undefined;
}

export type HandlerResult = ContractAnswer | Refusal | MockResponse;

/** Produces the result of a validated request: one per mock mode. */
export interface OperationHandler {
  handle(request: ValidatedRequest): Promise<HandlerResult>;
  /** Called with an answer that passed its check, just before it is sent (which waits for it). */
  accepted?(answer: ContractAnswer): void | Promise<void>;
}

/** Whether the result is the operation's (checked against the contract) rather than the mock's own. */
export const isOperationResult = (result: HandlerResult): result is ContractAnswer | Refusal => 'kind' in result;

/** After the handler stage: the operation's result, to be checked against its contract. */
export interface HandledRequest extends ValidatedRequest {
  readonly result: ContractAnswer | Refusal;
}

/** The mock's own responses are sent as they are; the operation's results go on to their check. */
export const handlerStage =
  (handler: OperationHandler) =>
  async (request: ValidatedRequest): Promise<StageResult<HandledRequest>> => {
    const result = await handler.handle(request);
    return isOperationResult(result) ? next(enrich(request, { result })) : answerWith(result);
  };
