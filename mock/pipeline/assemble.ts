// Builds a mode's pipeline from the parsed documents: the router, both families' request validators, and the
// answer check over the same response validator the mode's handler consults. Isomorphic: the documents come
// parsed.
import type { Family } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import { type FamilyName, MOCK_FAMILIES } from '../families';
import { MockRouter } from '../routing';
import { RequestValidator } from '../validation/request-validator';
import type { ResponseValidator } from '../validation/response-validator';
import type { SchemaCompilers } from '../validation/schema-compilers';
import { createPipeline, type Pipeline } from './pipeline';
import { createAnswerCheck } from './stages/answer-check';
import type { OperationHandler } from './stages/handler';
import type { IdentityStage } from './stages/identity';
import type { PagesStage } from './stages/pages';
import { createRequestValidationStage } from './stages/request-validation';
import { createRouteStage, type RouteStage } from './stages/route';

export interface AssembleOptions {
  readonly documents: Readonly<Record<Family, JsonObject>>;
  readonly compilers: SchemaCompilers;
  /** The answers' contract, compiled with the same `compilers`. */
  readonly responses: ResponseValidator;
  readonly pages: PagesStage;
  readonly identify?: IdentityStage;
  readonly handler: OperationHandler;
  readonly log: (line: string) => void;
  /** Refuse the fields a request's contract does not declare (a request's `Prefer: handling=` decides for itself). */
  readonly strict?: boolean | undefined;
  /** The example names each status answers beyond the spec's own (the fixtures'), which `Prefer: example=` may ask for. */
  readonly examples?: { names(operationId: string, status: number): readonly string[] } | undefined;
}

/** The route stage over both families, each with its request validator compiled into `compilers`. */
export const assembleRouteStage = (documents: Readonly<Record<Family, JsonObject>>, compilers: SchemaCompilers): RouteStage => {
  const validators = new Map<FamilyName, RequestValidator>();
  for (const family of MOCK_FAMILIES) {
    const document = documents[family.name];
    validators.set(family.name, new RequestValidator(compilers, family.name, document));
  }
  return createRouteStage({ router: new MockRouter(MOCK_FAMILIES), validators });
};

export const assemblePipeline = (options: AssembleOptions): Pipeline => {
  const { documents, compilers, responses, log } = options;
  return createPipeline({
    pages: options.pages,
    route: assembleRouteStage(documents, compilers),
    identify: options.identify,
    validate: createRequestValidationStage({ strict: options.strict === true, examples: options.examples }),
    handler: options.handler,
    checkAnswer: createAnswerCheck({ responses, log }),
    log,
  });
};
