// What the bundled document says about each operation's request: parameters, JSON body, security. Read once
// at start-up; the mock's validator and its credentials check work from these. Isomorphic: no Node modules.

/** A parsed JSON object whose values are not narrowed yet. */
export type JsonObject = { [key: string]: unknown };

export interface ParameterContract {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly schema: JsonObject;
}

/** One way to satisfy an operation's security: every listed credential present. */
export type SecurityRequirement = readonly CredentialLocation[];

export interface CredentialLocation {
  readonly scheme: string;
  readonly in: 'header' | 'query' | 'cookie';
  readonly name: string;
}

export interface OperationContract {
  readonly operationId: string;
  readonly parameters: readonly ParameterContract[];
  /** Schema of the `application/json` request body, when the operation takes one. */
  readonly body?: { readonly required: boolean; readonly schema: JsonObject };
  /** Empty: no credentials needed. Otherwise any one requirement must be met. */
  readonly security: readonly SecurityRequirement[];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

const asObject = (value: unknown): JsonObject | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;

/** Follows a local `$ref` (`#/components/...`) to its target. */
const resolve = (document: JsonObject, node: unknown): JsonObject | undefined => {
  const object = asObject(node);
  const ref = object?.$ref;
  if (typeof ref !== 'string') return object;
  let target: unknown = document;
  for (const token of ref.replace(/^#\//, '').split('/')) {
    target = asObject(target)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return resolve(document, target);
};

const parameterOf = (document: JsonObject, node: unknown): ParameterContract | undefined => {
  const parameter = resolve(document, node);
  const where = parameter?.in;
  if (!parameter || typeof parameter.name !== 'string' || !(where === 'path' || where === 'query' || where === 'header' || where === 'cookie')) {
    return undefined;
  }
  // A parameter described by `content` instead of `schema` carries a JSON value: its schema is the media type's.
  const content = asObject(asObject(parameter.content)?.['application/json']);
  // Copied: the document may be rewritten in place after it was read (Prism's bundler does).
  const schema = structuredClone(asObject(parameter.schema) ?? asObject(content?.schema) ?? {});
  return { name: parameter.name, in: where, required: parameter.required === true || where === 'path', schema };
};

const credentialsOf = (document: JsonObject, requirement: JsonObject): SecurityRequirement => {
  const schemes = asObject(asObject(document.components)?.securitySchemes) ?? {};
  return Object.keys(requirement).map((name): CredentialLocation => {
    const scheme = resolve(document, schemes[name]);
    if (scheme?.type === 'apiKey' && typeof scheme.name === 'string' && (scheme.in === 'header' || scheme.in === 'query' || scheme.in === 'cookie')) {
      return { scheme: name, in: scheme.in, name: scheme.in === 'header' ? scheme.name.toLowerCase() : scheme.name };
    }
    // http (bearer/basic), oauth2 and openIdConnect all travel in the Authorization header.
    return { scheme: name, in: 'header', name: 'authorization' };
  });
};

/** The request contract of every operation of a document, by operationId. */
export const readOperationContracts = (document: JsonObject): Map<string, OperationContract> => {
  const contracts = new Map<string, OperationContract>();
  const topSecurity = Array.isArray(document.security) ? document.security : [];
  for (const item of Object.values(asObject(document.paths) ?? {})) {
    const pathItem = resolve(document, item) ?? {};
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    for (const method of METHODS) {
      const operation = asObject(pathItem[method]);
      if (!operation || typeof operation.operationId !== 'string') continue;
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      const byKey = new Map<string, ParameterContract>();
      // Operation-level parameters override path-level ones with the same name and location.
      for (const node of [...shared, ...own]) {
        const parameter = parameterOf(document, node);
        if (parameter) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      const requestBody = resolve(document, operation.requestBody);
      const bodySchema = asObject(asObject(asObject(requestBody?.content)?.['application/json'])?.schema);
      const security = (Array.isArray(operation.security) ? operation.security : topSecurity)
        .map((requirement) => asObject(requirement) ?? {})
        .map((requirement) => credentialsOf(document, requirement));
      contracts.set(operation.operationId, {
        operationId: operation.operationId,
        parameters: [...byKey.values()],
        ...(bodySchema && { body: { required: requestBody?.required === true, schema: structuredClone(bodySchema) } }),
        // `security: [{}]` (an empty requirement) means anonymous access is allowed.
        security: security.some((requirement) => requirement.length === 0) ? [] : security,
      });
    }
  }
  return contracts;
};
