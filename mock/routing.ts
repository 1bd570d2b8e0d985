// Which operation of which family a request is for. Both families share one port: the most specific route
// wins (`/v1/members/my` is not `/v1/members/{id}`); a path owned under other methods is a 405, not a 404.

import type { OperationMeta as OperationEntry } from '../src/operations/operation-meta';
import { RouteTable } from '../src/operations/route-table';
import type { FamilyName, MockFamily } from './families';

export type Route =
  | {
      readonly kind: 'operation';
      readonly family: FamilyName;
      readonly operation: OperationEntry;
      /** Path parameters by their template names, still percent-encoded. */
      readonly rawPathParams: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly string[] }
  | { readonly kind: 'not-found' };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const segments = (path: string): string[] => path.split('/').filter(Boolean);

const paramsOf = (template: string, path: string): Record<string, string> => {
  const values = segments(path);
  const params: Record<string, string> = {};
  segments(template).forEach((segment, index) => {
    if (segment.startsWith('{') && segment.endsWith('}')) params[segment.slice(1, -1)] = values[index] ?? '';
  });
  return params;
};

/** Routes remembered per method and path; the memory starts over when it is full. */
const CACHE_SIZE = 2000;

export class MockRouter {
  readonly #tables: readonly { readonly family: FamilyName; readonly table: RouteTable<OperationEntry> }[];
  readonly #cache = new Map<string, Route>();

  constructor(families: readonly MockFamily[]) {
    this.#tables = families.map((family) => ({ family: family.name, table: new RouteTable(family.operations) }));
  }

  #best(method: string, path: string) {
    let best: { family: FamilyName; operation: OperationEntry; score: number } | undefined;
    for (const { family, table } of this.#tables) {
      const match = table.match(method, path);
      if (match && (!best || match.score > best.score)) best = { family, operation: match.entry, score: match.score };
    }
    return best;
  }

  /** The route of a request path (no query). HEAD is answered as the GET of the same path. */
  route(method: string, path: string): Route {
    const key = `${method} ${path}`;
    const known = this.#cache.get(key);
    if (known) return known;
    const route = this.#route(method, path);
    if (this.#cache.size >= CACHE_SIZE) this.#cache.clear();
    this.#cache.set(key, route);
    return route;
  }

  #route(method: string, path: string): Route {
    const upper = method.toUpperCase();
    const best = METHODS.includes(upper) || upper === 'HEAD' ? this.#best(upper === 'HEAD' ? 'GET' : upper, path) : undefined;
    if (best)
      return { kind: 'operation', family: best.family, operation: best.operation, rawPathParams: paramsOf(best.operation.path, path) };
    const allowed = METHODS.filter((other) => this.#best(other, path));
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }
}
