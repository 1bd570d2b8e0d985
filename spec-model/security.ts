// Where an operation's credentials travel: its security requirements (the operation's own, else the document's)
// with each scheme turned into the header, query or cookie name a request carries it in.
import { asJsonObject, type Json, type JsonObject } from './json';
import { dereferenceObject } from './pointer';

export interface CredentialLocation {
  readonly scheme: string;
  readonly in: 'header' | 'query' | 'cookie';
  /** Header names in lower case. */
  readonly name: string;
}

/** One way to satisfy an operation's security: every listed credential present. */
export type SecurityRequirement = readonly CredentialLocation[];

const credentialsOf = (document: Json, requirement: JsonObject): SecurityRequirement => {
  const schemes = asJsonObject(asJsonObject(asJsonObject(document)?.components)?.securitySchemes) ?? {};
  return Object.keys(requirement).map((name): CredentialLocation => {
    const scheme = dereferenceObject(document, schemes[name]);
    if (
      scheme?.type === 'apiKey' &&
      typeof scheme.name === 'string' &&
      (scheme.in === 'header' || scheme.in === 'query' || scheme.in === 'cookie')
    ) {
      return { scheme: name, in: scheme.in, name: scheme.in === 'header' ? scheme.name.toLowerCase() : scheme.name };
    }
    // http (bearer/basic), oauth2 and openIdConnect all travel in the Authorization header.
    return { scheme: name, in: 'header', name: 'authorization' };
  });
};

/** An operation's requirements; empty when it needs none (no requirement, or `security: [{}]`: anonymous allowed). */
export const securityOf = (document: Json, operation: JsonObject): SecurityRequirement[] => {
  const top = asJsonObject(document)?.security;
  const declared = Array.isArray(operation.security) ? operation.security : Array.isArray(top) ? top : [];
  const requirements = declared.map((requirement) => credentialsOf(document, asJsonObject(requirement) ?? {}));
  return requirements.some((requirement) => requirement.length === 0) ? [] : requirements;
};
