// Every REST method of the installed platform packages: HTTP method, path and how its SDK sends a GET.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The POST twin a GET switches to when its query grows too long. */
export interface PlatformFallback {
  readonly method: string;
  readonly path: string;
}

/** One method of an auto_sdk package, as its meta.js describes it. */
export interface PlatformMethod {
  /** The auto_sdk package (`auto_sdk_stores_products`). */
  readonly pkg: string;
  /** The SDK method name. */
  readonly name: string;
  readonly method: string;
  readonly path: string;
  /** The package's meta.d.ts, which declares the method's wire types. */
  readonly metaTypes: string;
  /** The package's build/cjs folder. */
  readonly cjs: string;
  /** Whether a nested request is sent as `.r` (absent when the request builder was not found). */
  readonly complex?: boolean;
  readonly fallback?: PlatformFallback | undefined;
}

type Encoding = Pick<PlatformMethod, 'complex' | 'fallback'>;

// Path templates compared without their parameter names: `{checkout.id}` and `{id}` are the same slot.
export const pathShape = (path: string): string => path.replace(/\{[^}]+\}/g, '{}');

/**
 * How the SDK's generated request builder of one method sends its payload, read from its meta.js source:
 * `toURLSearchParams(payload, true)` marks a complex request (nested ones go as `.r`), and a `fallback` list
 * names the POST twin used past 4000 characters of query.
 */
const encodingOf = (source: string, name: string): Encoding => {
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
  const [, method, path] = body.match(/fallback: \[\s*\{\s*method: "(\w+)",[\s\S]*?protoPath: "([^"]+)"/) ?? [];
  return { complex, fallback: method !== undefined && path !== undefined ? { method, path } : undefined };
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** What a meta.js export returns when called: the REST method it describes, if it is one. */
const restMethodOf = (info: unknown): { method: string; path: string } | undefined => {
  if (typeof info !== 'object' || info === null || !('httpMethod' in info) || !('path' in info)) return undefined;
  const { httpMethod, path } = info;
  return typeof httpMethod === 'string' && httpMethod && typeof path === 'string' ? { method: httpMethod, path } : undefined;
};

/** The auto_sdk packages under `dir` and their methods. */
export const listPlatformMethods = (dir: string): PlatformMethod[] => {
  const base = join(dir, 'node_modules', '@wix');
  const require = createRequire(join(base, 'index.js'));
  const methods: PlatformMethod[] = [];
  for (const pkg of readdirSync(base)
    .filter((name) => name.startsWith('auto_sdk_'))
    .sort()) {
    const cjs = join(base, pkg, 'build', 'cjs');
    if (!existsSync(join(cjs, 'meta.js')) || !existsSync(join(cjs, 'meta.d.ts'))) continue;
    const meta: unknown = require(join(cjs, 'meta.js'));
    if (!isRecord(meta)) continue;
    const source = readFileSync(join(cjs, 'meta.js'), 'utf8');
    for (const [name, describe] of Object.entries(meta)) {
      if (typeof describe !== 'function') continue;
      let info: unknown;
      try {
        info = describe();
      } catch {
        continue;
      }
      const rest = restMethodOf(info);
      if (!rest) continue;
      methods.push({
        pkg,
        name,
        method: rest.method,
        path: rest.path,
        metaTypes: join(cjs, 'meta.d.ts'),
        cjs,
        ...encodingOf(source, name),
      });
    }
  }
  return methods;
};
