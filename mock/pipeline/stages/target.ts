// The target stage: the request target as sent (`/path?query`, or an absolute URL from a proxy-style client),
// split without `new URL` relative parsing: `//` is a path here, not a host. A target that is no path is a 400.
import { applicationFailure } from '../../errors/platform-error';
import { answerWith, next, type StageResult } from '../stage-result';
import type { MockRequest, TargetedRequest, Trace } from '../types';

export interface RequestTarget {
  readonly path: string;
  readonly search: URLSearchParams;
}

export const splitTarget = (target: string): RequestTarget | undefined => {
  let pathAndQuery = target;
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target);
      pathAndQuery = `${url.pathname}${url.search}`;
    } catch {
      return undefined;
    }
  }
  const mark = pathAndQuery.indexOf('?');
  const path = mark === -1 ? pathAndQuery : pathAndQuery.slice(0, mark);
  // URLSearchParams leaves a malformed escape as it is instead of throwing.
  return { path, search: new URLSearchParams(mark === -1 ? '' : pathAndQuery.slice(mark + 1)) };
};

/** Notes the path in `trace` once read. */
export const readTarget = (request: MockRequest, trace: Trace = {}): StageResult<TargetedRequest> => {
  const target = splitTarget(request.target);
  if (!target) {
    return answerWith(
      applicationFailure(
        { status: 400, code: 'INVALID_ARGUMENT', description: `The request target "${request.target.slice(0, 200)}" is not a path` },
        request.requestId,
      ),
    );
  }
  trace.path = target.path;
  return next({ raw: request, method: request.method.toUpperCase(), path: target.path, search: target.search });
};
