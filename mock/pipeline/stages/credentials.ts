// The credentials stage: an operation that declares security gets a 401 when none of its requirements is met.
// Only presence is checked here, in every mode; which identity a credential stands for is the identity stage's.
import type { SecurityRequirement } from '../../../spec-model/security';
import { applicationFailure } from '../../errors/platform-error';
import { answerWith, next, type StageResult } from '../stage-result';
import type { RoutedRequest } from '../types';

export interface CredentialSources {
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly search: URLSearchParams;
}

const cookieNames = (header: string | undefined): Set<string> =>
  new Set(
    (header ?? '')
      .split(';')
      .map((pair) => pair.split('=')[0]?.trim() ?? '')
      .filter(Boolean),
  );

/** Undefined when the request may proceed, else the credentials it lacks (`Authorization header`). */
export const missingCredentials = (security: readonly SecurityRequirement[], sources: CredentialSources): string | undefined => {
  if (security.length === 0) return undefined;
  let cookies: Set<string> | undefined;
  const present = (requirement: SecurityRequirement) =>
    requirement.every((credential) => {
      if (credential.in === 'header') return (sources.headers[credential.name] ?? '').trim() !== '';
      if (credential.in === 'query') return (sources.search.get(credential.name) ?? '') !== '';
      cookies ??= cookieNames(sources.headers.cookie);
      return cookies.has(credential.name);
    });
  if (security.some(present)) return undefined;
  const first = security[0] ?? [];
  return first
    .map((credential) => `${credential.name === 'authorization' ? 'Authorization' : credential.name} ${credential.in}`)
    .join(' and ');
};

const NO_SECURITY: readonly SecurityRequirement[] = [];

/** Judges only: the request goes on unchanged, or is refused with a 401. */
export const checkCredentials = <R extends RoutedRequest>(request: R): StageResult<R> => {
  const missing = missingCredentials(request.contract?.security ?? NO_SECURITY, { headers: request.raw.headers, search: request.search });
  if (!missing) return next(request);
  return answerWith(
    applicationFailure(
      { status: 401, code: 'UNAUTHENTICATED', description: `Missing access token: send it in the ${missing}` },
      request.raw.requestId,
    ),
  );
};
