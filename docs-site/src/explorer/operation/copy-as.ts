// "Copy as curl" from the request the runtime built, and "copy as code": the operation function call and the
// React hook for the same init.
import type { WireRequest } from '../connection';
import type { AuthMode } from '../settings';
import type { CallInit } from './build-init';

const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export const asCurl = (request: WireRequest): string =>
  [
    `curl -sS${request.method === 'GET' ? '' : ` -X ${request.method}`} ${shellQuote(request.url)}`,
    ...Object.entries(request.headers).map(([name, value]) => `-H ${shellQuote(`${name}: ${value}`)}`),
    ...(request.body === undefined ? [] : [`--data-raw ${shellQuote(request.body)}`]),
  ].join(' \\\n  ');

/** An object literal as TypeScript writes it: JSON with plain keys where a key is an identifier. */
const literal = (value: unknown, indent: string): string =>
  JSON.stringify(value, null, 2)
    .replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1$2:')
    .replace(/\n/g, `\n${indent}`);

const hookName = (operationId: string): string => `use${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}`;

export interface CodeTarget {
  readonly operationId: string;
  readonly family: string;
  readonly readOnly: boolean;
  readonly baseUrl: string;
  readonly authMode: AuthMode;
}

export const asCode = (target: CodeTarget, init: CallInit): string => {
  const { operationId, family, readOnly } = target;
  const { headers, ...rest } = init;
  // The Prefer header is the mock's; an app would not send it.
  const callInit = headers && Object.keys(headers).some((name) => name !== 'Prefer') ? init : rest;
  const hasInit = Object.keys(callInit).length > 0;
  const args = hasInit ? `client, ${literal(callInit, '')}` : 'client';
  const auth =
    target.authMode === 'merchant'
      ? `import { apiKey, createClient } from 'storefront-api';\n`
      : `import { createClient } from 'storefront-api';\nimport { oauthStrategy } from 'storefront-api/auth';\n`;
  const strategy = target.authMode === 'merchant' ? `apiKey(process.env.API_KEY!, { siteId })` : `oauthStrategy({ clientId })`;
  const hook = hookName(operationId);
  const hookCall = readOnly
    ? `const { data, error } = ${hook}(${hasInit ? literal(callInit, '') : ''});`
    : `const ${operationId}Mutation = ${hook}();\n${operationId}Mutation.mutate(${hasInit ? literal(callInit, '') : '{}'});`;
  return (
    `// The operation function\n${auth}import { ${operationId} } from 'storefront-api/${family}';\n\n` +
    `const client = createClient({ baseUrl: ${JSON.stringify(target.baseUrl)}, auth: ${strategy} });\n` +
    `const data = await ${operationId}(${args});\n\n` +
    `// The React hook (inside <StorefrontProvider client={client}> and a QueryClientProvider)\n` +
    `import { ${hook} } from 'storefront-api/react';\n\n${hookCall}\n`
  );
};
