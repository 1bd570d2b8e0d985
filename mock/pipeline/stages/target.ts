// The target stage: the request target as sent (`/path?query`, or an absolute URL from a proxy-style client),
// split without `new URL` relative parsing: `//` is a path here, not a host. A target that is no path is a 400.
import { applicationFailure } from '../../errors/platform-error';
import type { MockRequest, MockResponse, TargetedRequest } from '../types';

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

export const readTarget = (request: MockRequest): TargetedRequest | MockResponse => {
  const target = splitTarget(request.target);
  if (!target) {
    return applicationFailure(
      { status: 400, code: 'INVALID_ARGUMENT', description: `The request target "${request.target.slice(0, 200)}" is not a path` },
      request.requestId,
    );
  }
  return { raw: request, method: request.method.toUpperCase(), path: target.path, search: target.search };
};
