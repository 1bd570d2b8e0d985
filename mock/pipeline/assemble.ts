// Puts the request pipeline together for a mode: both families' request validators (compiled from the
// documents), the router, the mode's handler and pages. Isomorphic: the documents come parsed.
import type { Family } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import { MOCK_FAMILIES, type FamilyName } from '../families';
import { MockRouter } from '../routing';
import { RequestValidator } from '../validation/request-validator';
import type { SchemaCompilers } from '../validation/schema-compilers';
import { createPipeline, type Pipeline } from './handle-request';
import type { MockPages, OperationHandler } from './types';

export interface AssembleOptions {
  readonly documents: Readonly<Record<Family, JsonObject>>;
  readonly compilers: SchemaCompilers;
  readonly handler: OperationHandler;
  readonly pages: MockPages;
  readonly log: (line: string) => void;
}

export const assemblePipeline = ({ documents, compilers, handler, pages, log }: AssembleOptions): Pipeline => {
  const validators = new Map<FamilyName, RequestValidator>();
  for (const family of MOCK_FAMILIES) {
    const document = documents[family.name];
    validators.set(family.name, new RequestValidator(compilers, family.name, document));
  }
  return createPipeline({ router: new MockRouter(MOCK_FAMILIES), validators, handler, pages, log });
};
