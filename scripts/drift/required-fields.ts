// Nested required fields the platform enforces: the SDK's public declarations mark them `@requiredField a.b.c`
// (relative to the request message, SDK names: `_id` for the wire's `id`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const wireName = (segment: string): string => segment.replace(/^_/, '');

/** Map of SDK method name -> set of dotted wire paths the request must carry. */
export const readRequiredFields = (cjsDir: string): Map<string, Set<string>> => {
  const required = new Map<string, Set<string>>();
  for (const file of readdirSync(cjsDir).filter((name) => /\.universal-.*\.d\.ts$/.test(name))) {
    const text = readFileSync(join(cjsDir, file), 'utf8');
    for (const [, comment = '', method] of text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*declare function (\w+)\(/g)) {
      const paths = [...comment.matchAll(/@requiredField (\S+)/g)].map(([, path = '']) => path.split('.').map(wireName).join('.'));
      if (method !== undefined && paths.length > 0) required.set(method, new Set(paths));
    }
  }
  return required;
};
