// The authentication stage: an operation that declares security gets a 401 when none of its requirements is
// met. Static and dynamic modes only check that the credential is there; which identity it is belongs to a
// stateful engine.
import type { SecurityRequirement } from '../../spec-model/security';

export interface CredentialSources {
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly search: URLSearchParams;
}

const cookieNames = (header: string | undefined): Set<string> =>
  new Set((header ?? '').split(';').map((pair) => pair.split('=')[0]?.trim() ?? '').filter(Boolean));

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
  return first.map((credential) => `${credential.name === 'authorization' ? 'Authorization' : credential.name} ${credential.in}`).join(' and ');
};
