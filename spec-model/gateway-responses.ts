// The generate step's one edit of a bundled document: the answers the platform's edge gives any call (429 with
// Retry-After, 502, 503, 504), declared once in spec/shared/responses and added here to every operation, so no
// path file repeats them and every tool reading the bundle (types, mock, Redoc, explorer, Prism) sees them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, parseDocument } from 'yaml';

/** Status -> the shared response that declares it. */
export const GATEWAY_RESPONSES: Readonly<Record<string, string>> = {
  '429': 'TooManyRequests',
  '502': 'BadGateway',
  '503': 'ServiceUnavailable',
  '504': 'GatewayTimeout',
};

/** Statuses a path file must leave to this step (503 predates it and is still written in the path files). */
const ADDED_ONLY_HERE = new Set(['429', '502', '504']);

const HTTP_METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace']);

/** A shared file's relative references as references into the bundle's components. */
const localized = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(localized);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      const kind = typeof value === 'string' && key === '$ref' ? /^\.\.\/(headers|schemas)\/(\w+)\.yaml$/.exec(value) : null;
      return [key, kind ? `#/components/${kind[1]}/${kind[2]}` : localized(value)];
    }),
  );
};

const sharedFile = (root: string, folder: string, name: string): unknown =>
  localized(parseDocument(readFileSync(join(root, 'spec', 'shared', folder, `${name}.yaml`), 'utf8')).toJS());

/** Adds the gateway responses (and the components they use) to every operation of the bundled document at `file`. */
export const addGatewayResponses = (root: string, file: string): void => {
  const document = parseDocument(readFileSync(file, 'utf8'));
  for (const name of Object.values(GATEWAY_RESPONSES))
    if (!document.hasIn(['components', 'responses', name]))
      document.setIn(['components', 'responses', name], sharedFile(root, 'responses', name));
  if (!document.hasIn(['components', 'headers', 'RetryAfter']))
    document.setIn(['components', 'headers', 'RetryAfter'], sharedFile(root, 'headers', 'RetryAfter'));
  const paths = document.get('paths');
  if (!isMap(paths)) throw new Error(`${file}: no paths`);
  for (const pathItem of paths.items) {
    const path = String(pathItem.key);
    if (!isMap(pathItem.value)) continue;
    for (const operation of pathItem.value.items) {
      const method = String(operation.key);
      if (!HTTP_METHODS.has(method)) continue;
      for (const [status, name] of Object.entries(GATEWAY_RESPONSES)) {
        const at = ['paths', path, method, 'responses', status];
        if (document.hasIn(at)) {
          if (ADDED_ONLY_HERE.has(status))
            throw new Error(`${method.toUpperCase()} ${path} declares ${status}: the generate step adds it to every operation`);
          continue;
        }
        document.setIn(at, { $ref: `#/components/responses/${name}` });
      }
    }
  }
  writeFileSync(file, document.toString({ lineWidth: 0 }));
};
