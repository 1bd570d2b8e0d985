// Every REST method of the installed platform packages: HTTP method, path and how its SDK sends a GET.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// Path templates compared without their parameter names: `{checkout.id}` and `{id}` are the same slot.
export const pathShape = (path) => path.replace(/\{[^}]+\}/g, '{}');

/**
 * How the SDK's generated request builder of one method sends its payload, read from its meta.js source:
 * `toURLSearchParams(payload, true)` marks a complex request (nested ones go as `.r`), and a `fallback` list
 * names the POST twin used past 4000 characters of query.
 */
const encodingOf = (source, name) => {
  // The exported name points at a wrapper (`queryProducts: () => queryProducts`) whose request builder may be
  // named after the wire method (`queryProductsPlatformized(payload)`).
  const wrapper = source.match(new RegExp(`\\b${name}: \\(\\) => (\\w+)`))?.[1] ?? name;
  const wrapperStart = source.indexOf(`function ${wrapper}() {`);
  const builder = wrapperStart < 0 ? name : (source.slice(wrapperStart).match(/getRequestOptions = (\w+)\(payload\)/)?.[1] ?? name);
  const start = source.indexOf(`function ${builder}(payload)`);
  if (start < 0) return {};
  const end = source.indexOf(`return __${builder};`, start);
  const body = source.slice(start, end < 0 ? undefined : end);
  const complex = /toURLSearchParams\)\(\w+, true\)/.test(body);
  const fallback = body.match(/fallback: \[\s*\{\s*method: "(\w+)",[\s\S]*?protoPath: "([^"]+)"/);
  return { complex, fallback: fallback ? { method: fallback[1], path: fallback[2] } : undefined };
};

/** The auto_sdk packages under `dir` and their methods. */
export const listPlatformMethods = (dir) => {
  const base = join(dir, 'node_modules', '@wix');
  const require = createRequire(join(base, 'index.js'));
  const methods = [];
  for (const pkg of readdirSync(base)
    .filter((name) => name.startsWith('auto_sdk_'))
    .sort()) {
    const cjs = join(base, pkg, 'build', 'cjs');
    if (!existsSync(join(cjs, 'meta.js')) || !existsSync(join(cjs, 'meta.d.ts'))) continue;
    const meta = require(join(cjs, 'meta.js'));
    const source = readFileSync(join(cjs, 'meta.js'), 'utf8');
    for (const [name, describe] of Object.entries(meta)) {
      if (typeof describe !== 'function') continue;
      let info;
      try {
        info = describe();
      } catch {
        continue;
      }
      if (!info?.httpMethod || typeof info.path !== 'string') continue;
      methods.push({
        pkg,
        name,
        method: info.httpMethod,
        path: info.path,
        metaTypes: join(cjs, 'meta.d.ts'),
        cjs,
        ...encodingOf(source, name),
      });
    }
  }
  return methods;
};
