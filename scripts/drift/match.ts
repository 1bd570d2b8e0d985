// Pairs each spec operation with the platform method serving the same HTTP method and path.
import { type PlatformMethod, pathShape } from './platform-methods';

/** The platform method of an operation and how it was found. */
export interface Match {
  readonly method: PlatformMethod;
  readonly via: 'path' | 'fallback' | 'case-insensitive path';
}

const keyOf = (method: string, path: string): string => `${method.toUpperCase()} ${pathShape(path)}`;

/** Lookup by method + path template; a POST twin (an SDK fallback) resolves to the GET method it stands in for. */
export const createMatcher = (methods: readonly PlatformMethod[]): ((method: string, path: string) => Match | undefined) => {
  const exact = new Map<string, Match>();
  for (const method of methods) {
    if (!exact.has(keyOf(method.method, method.path))) exact.set(keyOf(method.method, method.path), { method, via: 'path' });
  }
  for (const method of methods) {
    if (method.fallback?.method === 'POST' && !exact.has(keyOf('POST', method.fallback.path))) {
      exact.set(keyOf('POST', method.fallback.path), { method, via: 'fallback' });
    }
  }
  const folded = new Map([...exact].map(([key, value]) => [key.toLowerCase(), value]));
  return (method, path) => {
    const hit = exact.get(keyOf(method, path));
    if (hit) return hit;
    const caseless = folded.get(keyOf(method, path).toLowerCase());
    return caseless ? { ...caseless, via: 'case-insensitive path' } : undefined;
  };
};
