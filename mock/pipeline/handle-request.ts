// The mock's request pipeline, framework-free: target -> sign-in pages -> route -> credentials -> body ->
// request validation -> the mode's handler. Whatever goes wrong becomes the platform's error body; a failure
// inside the mock is a 500 naming the operation, logged with the request id, and the next request is served.
import { isJsonMediaType, REQUEST_ID_HEADER } from '../../src/protocol';
import { applicationFailure, internalFailure, validationFailure } from '../errors/platform-error';
import type { FamilyName } from '../families';
import type { MockRouter } from '../routing';
import type { RequestValidator } from '../validation/request-validator';
import { missingCredentials } from './check-credentials';
import { parseJsonText } from './parse-json';
import { decodePathParams, splitTarget } from './request-target';
import type { MockPages, MockRequest, MockResponse, OperationHandler } from './types';

export interface PipelineOptions {
  readonly router: MockRouter;
  /** One validator per family: each compiles its own document's schemas. */
  readonly validators: ReadonlyMap<FamilyName, RequestValidator>;
  readonly handler: OperationHandler;
  /** The sign-in pages and the `/__mock/` controls of the mode. */
  readonly pages: MockPages;
  /** Where failures inside the mock are reported (one line each, with the request id). */
  readonly log: (line: string) => void;
}

/** What the pipeline learnt while answering, for the caller's request log. */
export interface Trace {
  /** The request path, once the target was read. */
  path?: string;
  operationId?: string;
}

export type Pipeline = (request: MockRequest, trace?: Trace) => Promise<MockResponse>;

const utf8 = new TextDecoder('utf-8');

const answer = async (request: MockRequest, options: PipelineOptions, seen: Trace): Promise<MockResponse> => {
  const { requestId } = request;
  const target = splitTarget(request.target);
  if (!target) {
    return applicationFailure({ status: 400, code: 'INVALID_ARGUMENT', description: `The request target "${request.target.slice(0, 200)}" is not a path` }, requestId);
  }
  const method = request.method.toUpperCase();
  seen.path = target.path;
  const page = await options.pages(request, method, target.path, target.search);
  if (page) return page;

  const route = options.router.route(method, target.path);
  if (route.kind === 'not-found') {
    return applicationFailure({ status: 404, code: 'NOT_FOUND', description: `No operation of the API at ${method} ${target.path.slice(0, 500)}` }, requestId);
  }
  if (route.kind === 'method-not-allowed') {
    return applicationFailure(
      {
        status: 405,
        code: 'METHOD_NOT_ALLOWED',
        description: `${target.path.slice(0, 500)} does not take ${method.slice(0, 20)}; it takes ${route.allowed.join(', ')}`,
        headers: { allow: route.allowed.join(', ') },
      },
      requestId,
    );
  }
  const { operation } = route;
  seen.operationId = operation.operationId;
  const validator = options.validators.get(route.family);
  if (!validator) throw new Error(`No validator for the ${route.family} family`);
  const contract = validator.contract(operation.operationId);

  const decoded = decodePathParams(route.rawPathParams);
  if (!decoded.ok) {
    return validationFailure(
      decoded.names.map((field) => ({ field, description: 'is not valid percent-encoded UTF-8', violatedRule: 'FORMAT', ruleName: 'FORMAT' })),
      requestId,
    );
  }

  const missing = missingCredentials(contract?.security ?? [], { headers: request.headers, search: target.search });
  if (missing) {
    return applicationFailure({ status: 401, code: 'UNAUTHENTICATED', description: `Missing access token: send it in the ${missing}` }, requestId);
  }

  let admitted: unknown;
  if (options.handler.admit) {
    const admission = await options.handler.admit({ raw: request, family: route.family, operation, search: target.search });
    if ('response' in admission) return admission.response;
    admitted = admission.admitted;
  }

  // No body is the empty message, as the platform reads it (and as the request is validated).
  let body: unknown = contract?.body ? {} : undefined;
  if (contract?.body && request.body.length > 0) {
    const type = request.headers['content-type'];
    if (type !== undefined && !isJsonMediaType(type)) {
      return applicationFailure(
        { status: 415, description: `${operation.operationId} takes application/json, not ${type.slice(0, 100)}` },
        requestId,
      );
    }
    const parsed = parseJsonText(utf8.decode(request.body));
    if (!parsed.ok) return applicationFailure({ status: 400, code: 'INVALID_ARGUMENT', description: `The request body ${parsed.reason}` }, requestId);
    body = parsed.value;
  }

  const verdict = validator.validate(operation.operationId, {
    pathParams: decoded.params,
    search: target.search,
    headers: request.headers,
    body,
  });
  if (!verdict.ok) return validationFailure(verdict.violations, requestId);

  return options.handler.handle({
    raw: request,
    family: route.family,
    operation,
    pathParams: decoded.params,
    query: verdict.query,
    body,
    admitted,
  });
};

export const createPipeline =
  (options: PipelineOptions): Pipeline =>
  async (request, trace = {}) => {
    const seen = trace;
    let response: MockResponse;
    try {
      response = await answer(request, options, seen);
    } catch (error) {
      options.log(`500 ${request.requestId} ${seen.operationId ?? '-'} ${request.method} ${request.target.slice(0, 200)}: ${(error as Error)?.stack ?? String(error)}`);
      response = internalFailure(seen.operationId, error, request.requestId);
    }
    // Every answer carries the request id, as the platform's do.
    return { ...response, headers: { ...response.headers, [REQUEST_ID_HEADER]: request.requestId } };
  };
