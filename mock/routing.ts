// Which operation of which family a request is for. Both families share one port: the most specific route
// wins (`/v1/members/my` is not `/v1/members/{id}`) and owns the path with its methods: a method it does not
// take is a 405 with its own `Allow`, never a fall-through to a templated path (`PATCH /v1/orders/search` is not
// `PATCH /v1/orders/{order.id}`); a path no operation has is a 404. A path alias the spec declares (`/v1/start`
// for `/v1/Start`) is that operation's too.

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

interface FamilyRoute {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly family: FamilyName;
  readonly operation: OperationEntry;
}

export class MockRouter {
  /** Both families in one table: the most specific path of either owns a request path. */
  readonly #table: RouteTable<FamilyRoute>;
  readonly #cache = new Map<string, Route>();

  constructor(families: readonly MockFamily[]) {
    // An alias (the platform client's spelling of the path) routes to its operation like the documented path.
    this.#table = new RouteTable(
      families.flatMap((family) =>
        family.operations.flatMap((operation) =>
          [operation.path, ...(operation.aliases ?? [])].map((path) => ({
            operationId: operation.operationId,
            method: operation.method,
            path,
            family: family.name,
            operation,
          })),
        ),
      ),
    );
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
    const owner = this.#table.owner(path);
    if (!owner) return { kind: 'not-found' };
    const upper = method.toUpperCase();
    const wanted = upper === 'HEAD' ? 'GET' : upper;
    const found = owner.entries.find((entry) => entry.method === wanted);
    if (found) return { kind: 'operation', family: found.family, operation: found.operation, rawPathParams: paramsOf(found.path, path) };
    return { kind: 'method-not-allowed', allowed: METHODS.filter((other) => owner.entries.some((entry) => entry.method === other)) };
  }
}
