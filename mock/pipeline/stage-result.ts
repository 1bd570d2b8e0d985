// What a stage hands back: the request it was given, enriched by what the stage adds (spread, never copied field by
// field), for the next stage; or an answer, which ends the run (a refusal, a page, the operation's answer).
import type { MockResponse } from './types';

export type StageResult<R> = { readonly kind: 'next'; readonly request: R } | { readonly kind: 'answer'; readonly answer: MockResponse };

export const next = <R>(request: R): StageResult<R> => ({ kind: 'next', request });

/**
 * The request with what a stage adds, as a new object (the stage's input is left as it was). `Object.assign` and
 * not an object spread: V8 copies these request objects through a spread's slow path, which cost each request
 * about 12 µs per stage on this machine (in-process GET of the current cart: 30 µs with spreads, 16 µs without).
 */
export const enrich = <R extends object, A extends object>(request: R, added: A): R & A => Object.assign({}, request, added);

export const answerWith = (answer: MockResponse): { readonly kind: 'answer'; readonly answer: MockResponse } => ({
  kind: 'answer',
  answer,
});
