// The route stage: which operation of which family the request is for (a 404 when none, a 405 with `Allow`
// when the path takes other methods), its contract, and its path parameters percent-decoded (a malformed
// escape or invalid UTF-8, `%ff` or `%ED%A0%80`, is a 400 naming the parameter).
import { fieldViolation } from '../../../src/protocol';
import { applicationFailure, validationFailure } from '../../errors/platform-error';
import type { FamilyName } from '../../families';
import type { MockRouter } from '../../routing';
import type { RequestValidator } from '../../validation/request-validator';
import { answerWith, enrich, next, type StageResult } from '../stage-result';
import type { RoutedRequest, TargetedRequest, Trace } from '../types';

export interface RouteOptions {
  readonly router: MockRouter;
  /** One validator per family: each compiles its own document's schemas and holds its contracts. */
  readonly validators: ReadonlyMap<FamilyName, RequestValidator>;
}

/** Notes the operation in `trace` as soon as it is known, even when the request is then refused. */
export type RouteStage = (request: TargetedRequest, trace: Trace) => StageResult<RoutedRequest>;

export type DecodedParams =
  | { readonly ok: true; readonly params: Record<string, string> }
  | { readonly ok: false; readonly names: string[] };

/** Percent-decodes path parameters; a malformed escape or invalid UTF-8 names the parameter. */
export const decodePathParams = (raw: Readonly<Record<string, string>>): DecodedParams => {
  const params: Record<string, string> = {};
  const names: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      names.push(name);
    }
  }
  return names.length > 0 ? { ok: false, names } : { ok: true, params };
};

export const createRouteStage = ({ router, validators }: RouteOptions): RouteStage => {
  return (request, trace) => {
    const { method, path, raw } = request;
    const route = router.route(method, path);
    if (route.kind === 'not-found') {
      return answerWith(
        applicationFailure(
          { status: 404, code: 'NOT_FOUND', description: `No operation of the API at ${method} ${path.slice(0, 500)}` },
          raw.requestId,
        ),
      );
    }
    if (route.kind === 'method-not-allowed') {
      return answerWith(
        applicationFailure(
          {
            status: 405,
            code: 'METHOD_NOT_ALLOWED',
            description: `${path.slice(0, 500)} does not take ${method.slice(0, 20)}; it takes ${route.allowed.join(', ')}`,
            headers: { allow: route.allowed.join(', ') },
          },
          raw.requestId,
        ),
      );
    }
    const { operation, family } = route;
    trace.operationId = operation.operationId;
    const validator = validators.get(family);
    if (!validator) throw new Error(`No validator for the ${family} family`);
    const decoded = decodePathParams(route.rawPathParams);
    if (!decoded.ok) {
      return answerWith(
        validationFailure(
          decoded.names.map((field) => fieldViolation(field, 'is not valid percent-encoded UTF-8', 'FORMAT')),
          raw.requestId,
        ),
      );
    }
    return next(
      enrich(request, {
        family,
        operation,
        contract: validator.contract(operation.operationId),
        validator,
        pathParams: decoded.params,
      }),
    );
  };
};
