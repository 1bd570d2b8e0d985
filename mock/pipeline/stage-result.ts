// What a stage hands back: the request it was given, enriched by what the stage adds (spread, never copied field by
// field), for the next stage; or an answer, which ends the run (a refusal, a page, the operation's answer).
import type { MockResponse } from './types';

export type StageResult<R> = { readonly kind: 'next'; readonly request: R } | { readonly kind: 'answer'; readonly answer: MockResponse };

export const next = <R>(request: R): StageResult<R> => ({ kind: 'next', request });

export const answerWith = (answer: MockResponse): { readonly kind: 'answer'; readonly answer: MockResponse } => ({
  kind: 'answer',
  answer,
});
