// The mock's request pipeline, framework-free, composed here and nowhere else: target -> pages and controls ->
// route -> credentials -> identity and roles (stateful mode) -> body -> request validation -> handler ->
// answer check -> answer. Each stage either produces the answer or hands the enriched request on; only the
// stages that may wait (pages, identity, handler and its acceptance) are awaited.

import { failureAnswer, operationAnswer, withRequestId } from './stages/answer';
import type { AnswerCheckStage } from './stages/answer-check';
import { readJsonBody } from './stages/body';
import { checkCredentials } from './stages/credentials';
import { isOperationResult, type OperationHandler } from './stages/handler';
import type { IdentityStage } from './stages/identity';
import type { PagesStage } from './stages/pages';
import { type RequestValidationStage, validateRequest } from './stages/request-validation';
import type { RouteStage } from './stages/route';
import { readTarget } from './stages/target';
import type { IdentifiedRequest, MockRequest, MockResponse, Trace } from './types';

export interface PipelineStages {
  readonly pages: PagesStage;
  readonly route: RouteStage;
  /** Stateful mode only: the other modes have no identities. */
  readonly identify?: IdentityStage | undefined;
  /** Lenient (undeclared fields allowed) when not given. */
  readonly validate?: RequestValidationStage | undefined;
  readonly handler: OperationHandler;
  readonly checkAnswer: AnswerCheckStage;
  /** Where failures inside the mock are reported (one line each, with the request id). */
  readonly log: (line: string) => void;
}

export type Pipeline = (request: MockRequest, trace?: Trace) => Promise<MockResponse>;

const answer = async (request: MockRequest, stages: PipelineStages, trace: Trace): Promise<MockResponse> => {
  const targeted = readTarget(request);
  if ('status' in targeted) return targeted;
  trace.path = targeted.path;
  const page = stages.pages(targeted);
  if (page) return page;
  const routed = stages.route(targeted, trace);
  if ('status' in routed) return routed;
  const unauthenticated = checkCredentials(routed);
  if (unauthenticated) return unauthenticated;
  const identified: IdentifiedRequest | MockResponse = stages.identify ? await stages.identify(routed) : routed;
  if ('status' in identified) return identified;
  if (identified.caller) trace.session = identified.caller.session;
  const parsed = readJsonBody(identified);
  if ('status' in parsed) return parsed;
  const validated = (stages.validate ?? validateRequest)(parsed);
  if ('status' in validated) return validated;
  const result = await stages.handler.handle(validated);
  if (!isOperationResult(result)) return result;
  const verdict = stages.checkAnswer(validated, result);
  if (!verdict.ok) return verdict.response;
  if (result.kind === 'answer' && stages.handler.accepted) {
    const effects = Promise.resolve(stages.handler.accepted(result));
    if (trace.settlesEffects) trace.effects = effects;
    else await effects;
  }
  return operationAnswer(result, verdict.text, request.requestId);
};

export const createPipeline =
  (stages: PipelineStages): Pipeline =>
  async (request, trace = {}) => {
    let response: MockResponse;
    try {
      response = await answer(request, stages, trace);
    } catch (error) {
      response = failureAnswer(error, request, trace, stages.log);
    }
    return withRequestId(response, request.requestId);
  };
