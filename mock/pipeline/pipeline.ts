// The one runner of the mock's stages: it runs STAGE_ORDER (stage-order.ts, the only place the order is written)
// for every mode, under the mode's policy. `refuse`: the first answer a stage gives is sent, with the request id.
// `record` (the proxy): a check's refusal is handed to the forwarding, which records it, and the request is forwarded
// in place of the mock's own answer. A failure anywhere becomes the 500 (or 503) of answer.ts.
import { STAGE_ORDER, type StageDeclaration, type StageParts } from './stage-order';
import type { StageResult } from './stage-result';
import { failureAnswer, withRequestId } from './stages/answer';
import type { MockRequest, MockResponse, Trace } from './types';

/** What the `record` policy does with one request: note what the checks refused, then forward it. */
export interface Forwarding {
  /** A check refused the request: `stage` names it, `refusal` is what the mock would have answered. */
  refused(stage: string, refusal: MockResponse): void;
  /** Sends the request as it came and answers with what came back. */
  forward(): Promise<MockResponse>;
}

export type Policy = { readonly kind: 'refuse' } | { readonly kind: 'record'; open(request: MockRequest, trace: Trace): Forwarding };

export const REFUSE: Policy = Object.freeze({ kind: 'refuse' });

export interface PipelineOptions extends StageParts {
  /** Refuse by default. */
  readonly policy?: Policy | undefined;
  /** Where failures inside the mock are reported (one line each, with the request id). */
  readonly log: (line: string) => void;
  /** The declaration run (STAGE_ORDER unless a test runs another). */
  readonly order?: readonly StageDeclaration[] | undefined;
}

export type Pipeline = (request: MockRequest, trace?: Trace) => Promise<MockResponse>;

type RunStage = (request: unknown, trace: Trace) => StageResult<unknown> | Promise<StageResult<unknown>>;

interface Built {
  readonly name: string;
  readonly check: StageDeclaration['check'];
  readonly answers: boolean;
  readonly run: RunStage;
}

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => typeof (value as Promise<T>)?.then === 'function';

export const createPipeline = (options: PipelineOptions): Pipeline => {
  const policy = options.policy ?? REFUSE;
  const forwarding = policy.kind === 'record' ? policy : undefined;
  const order = options.order ?? STAGE_ORDER;
  // Forwarding replaces the mock's own answer: its stages are not built.
  const stages: Built[] = order
    .filter((stage) => !(forwarding && stage.answers))
    .map((stage) => ({ name: stage.name, check: stage.check, answers: stage.answers === true, run: stage.build(options) as RunStage }));

  const run = async (request: MockRequest, trace: Trace): Promise<MockResponse> => {
    const forwarder = forwarding?.open(request, trace);
    let current: unknown = request;
    for (const stage of stages) {
      const pending = stage.run(current, trace);
      const result = isPromise(pending) ? await pending : pending;
      if (result.kind === 'next') {
        current = result.request;
        continue;
      }
      if (!forwarder || !stage.check) return result.answer;
      forwarder.refused(stage.name, result.answer);
      if (stage.check === 'enriches') return forwarder.forward();
    }
    if (forwarder) return forwarder.forward();
    throw new Error('the last stage of the pipeline handed the request on instead of answering');
  };

  return async (request, trace = {}) => {
    try {
      const response = await run(request, trace);
      // A forwarded answer goes back as the upstream sent it.
      return forwarding ? response : withRequestId(response, request.requestId);
    } catch (error) {
      return withRequestId(failureAnswer(error, request, trace, options.log), request.requestId);
    }
  };
};
