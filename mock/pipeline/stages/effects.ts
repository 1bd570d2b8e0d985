// The effects stage: what an answer that passed its check did (the engine's events) is made visible, just before
// it is sent. A caller that settles the effects itself (the engine, together with its request log) gets them in
// the trace instead of waiting here.
import { next, type StageResult } from '../stage-result';
import type { Trace } from '../types';
import type { CheckedRequest } from './answer-check';
import type { OperationHandler } from './handler';

export const effectsStage =
  (handler: OperationHandler) =>
  (request: CheckedRequest, trace: Trace): StageResult<CheckedRequest> | Promise<StageResult<CheckedRequest>> => {
    const { result } = request;
    if (result.kind !== 'answer' || !handler.accepted) return next(request);
    const effects = Promise.resolve(handler.accepted(result));
    if (trace.settlesEffects) {
      trace.effects = effects;
      return next(request);
    }
    return effects.then(() => next(request));
  };
