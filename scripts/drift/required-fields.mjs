// Nested required fields the platform enforces: the SDK's public declarations mark them `@requiredField a.b.c`
// (relative to the request message, SDK names: `_id` for the wire's `id`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const wireName = (segment) => segment.replace(/^_/, '');

/** Map of SDK method name -> set of dotted wire paths the request must carry. */
export const readRequiredFields = (cjsDir) => {
  const required = new Map();
  for (const file of readdirSync(cjsDir).filter((name) => /\.universal-.*\.d\.ts$/.test(name))) {
    const text = readFileSync(join(cjsDir, file), 'utf8');
    for (const match of text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*declare function (\w+)\(/g)) {
      const paths = [...match[1].matchAll(/@requiredField (\S+)/g)].map((m) => m[1].split('.').map(wireName).join('.'));
      if (paths.length > 0) required.set(match[2], new Set(paths));
    }
  }
  return required;
};
