// What the stage tests build on: the real documents, router and validators (no server), and requests as an
// adapter hands them over, taken through the stages before the one under test.
import { type FamilyName, MOCK_FAMILIES } from '../../../mock/families';
import { readDocuments } from '../../../mock/node/read-documents';
import type { StageResult } from '../../../mock/pipeline/stage-result';
import { readJsonBody } from '../../../mock/pipeline/stages/body';
import { createRouteStage } from '../../../mock/pipeline/stages/route';
import { readTarget } from '../../../mock/pipeline/stages/target';
import type { MockRequest, MockResponse, ParsedRequest, RoutedRequest, TargetedRequest } from '../../../mock/pipeline/types';
import { MockRouter } from '../../../mock/routing';
import { RequestValidator } from '../../../mock/validation/request-validator';
import { ResponseValidator } from '../../../mock/validation/response-validator';
import { SchemaCompilers } from '../../../mock/validation/schema-compilers';

export const documents = readDocuments();
export const compilers = new SchemaCompilers();
export const responses = new ResponseValidator(compilers, documents);
export const validators = new Map<FamilyName, RequestValidator>(
  MOCK_FAMILIES.map((family) => [family.name, new RequestValidator(compilers, family.name, documents[family.name])]),
);
export const route = createRouteStage({ router: new MockRouter(MOCK_FAMILIES), validators });

export const REQUEST_ID = '1700000000.000.test-request';

export const mockRequest = (method: string, target: string, headers: Record<string, string> = {}, body = ''): MockRequest => ({
  method,
  target,
  headers,
  body: new TextEncoder().encode(body),
  requestId: REQUEST_ID,
});

/** The request a stage handed on; a failure when it answered instead. */
export const passed = <T>(result: StageResult<T>, stage = 'the stage'): T => {
  if (result.kind === 'answer') throw new Error(`${stage} answered ${result.answer.status}: ${String(result.answer.body)}`);
  return result.request;
};

/** The answer a stage gave; a failure when it handed the request on instead. */
export const answered = <T>(result: StageResult<T>, stage = 'the stage'): MockResponse => {
  if (result.kind === 'next') throw new Error(`${stage} handed the request on instead of answering`);
  return result.answer;
};

export const targeted = (method: string, target: string, headers?: Record<string, string>, body?: string): TargetedRequest =>
  passed(readTarget(mockRequest(method, target, headers, body)), 'target');

export const routed = (method: string, target: string, headers?: Record<string, string>, body?: string): RoutedRequest =>
  passed(route(targeted(method, target, headers, body), {}), 'route');

export const parsed = (method: string, target: string, headers?: Record<string, string>, body?: string): ParsedRequest =>
  passed(readJsonBody(routed(method, target, headers, body)), 'body');

/** The platform's error body of an answer. */
export const errorOf = (response: MockResponse): { message: string; details: Record<string, any> } => JSON.parse(String(response.body));
