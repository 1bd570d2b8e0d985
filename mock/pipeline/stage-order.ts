// The order of the mock's stages, declared once: every mode runs this list through the one runner (pipeline.ts),
// the Node server, the MSW adapter, the stateful engine and the proxy alike. Prose that names the order points here
// (or is generated from STAGE_ORDER); tests/unit/layering.test.ts fails when another file orders stages.
//
// A stage takes the request as the stage before handed it on and returns it enriched (`next`), or an answer. A check
// is a stage whose answer refuses the request: the mode's policy decides whether that refusal is sent (`refuse`), or
// recorded while the request is forwarded as it came (`record`, the proxy). A check that `judges` adds nothing, so the
// checks after it still run under `record`; one that `enriches` hands on what the later stages need, so its refusal
// ends the checks. The stages marked `answers` are the mock's own answer, which forwarding replaces.

import { next, type StageResult } from './stage-result';
import { answerStage } from './stages/answer';
import type { AnswerCheckStage } from './stages/answer-check';
import { checkAnswerStage, type HandledRequest } from './stages/answer-check';
import { readJsonBody } from './stages/body';
import { checkCredentials } from './stages/credentials';
import { effectsStage } from './stages/effects';
import { handlerStage, type OperationHandler } from './stages/handler';
import type { IdentityStage } from './stages/identity';
import type { PagesStage } from './stages/pages';
import { type RequestValidationStage, validateRequest } from './stages/request-validation';
import type { RouteStage } from './stages/route';
import { readTarget } from './stages/target';
import type { ParsedRequest, RoutedRequest, Trace } from './types';

/** What a mode gives the stages: its pages and controls, its router, its identities, its handler. */
export interface StageParts {
  readonly pages: PagesStage;
  readonly route: RouteStage;
  /** Stateful mode only: the other modes have no identities. */
  readonly identify?: IdentityStage | undefined;
  /** Lenient (undeclared fields allowed) when not given. */
  readonly validate?: RequestValidationStage | undefined;
  /** The mode's answer; absent for a mode that forwards instead (the `record` policy). */
  readonly handler?: OperationHandler | undefined;
  readonly checkAnswer?: AnswerCheckStage | undefined;
}

export type Stage<In, Out> = (request: In, trace: Trace) => StageResult<Out> | Promise<StageResult<Out>>;

export interface StageDeclaration {
  readonly name: string;
  readonly check?: 'judges' | 'enriches';
  readonly answers?: true;
  // The runner hands each stage what the stage before returned; the declaration below keeps them in step.
  readonly build: (parts: StageParts) => Stage<never, unknown>;
}

const needs = <T>(part: T | undefined, name: string): T => {
  if (part === undefined) throw new Error(`the ${name} stage needs the mode's ${name}`);
  return part;
};

const withoutIdentities = (request: RoutedRequest): StageResult<RoutedRequest> => next(request);

export const STAGE_ORDER: readonly StageDeclaration[] = [
  { name: 'target', check: 'enriches', build: () => readTarget },
  { name: 'pages', build: (parts) => parts.pages },
  { name: 'route', check: 'enriches', build: (parts) => parts.route },
  { name: 'credentials', check: 'judges', build: () => checkCredentials },
  { name: 'identity', check: 'enriches', build: (parts) => parts.identify ?? withoutIdentities },
  { name: 'body', check: 'enriches', build: () => readJsonBody },
  {
    name: 'request validation',
    check: 'enriches',
    build: (parts) => parts.validate ?? ((request: ParsedRequest) => validateRequest(request)),
  },
  { name: 'handler', answers: true, build: (parts) => handlerStage(needs(parts.handler, 'handler')) },
  {
    name: 'answer check',
    answers: true,
    build: (parts) => checkAnswerStage(needs(parts.checkAnswer, 'answer check')) as Stage<HandledRequest, unknown>,
  },
  { name: 'effects', answers: true, build: (parts) => effectsStage(needs(parts.handler, 'handler')) },
  { name: 'answer', answers: true, build: () => answerStage },
];

/** The order as prose: `target → pages → ...`, for the pages that name it. */
export const STAGE_ORDER_TEXT = STAGE_ORDER.map((stage) => stage.name).join(' → ');
