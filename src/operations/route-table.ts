/** Anything routable: an operation with its method and path template. */
export interface RouteEntry {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
}

interface CompiledRoute<T extends RouteEntry> {
  readonly entry: T;
  readonly pattern: RegExp;
  readonly literalSegments: number;
}

export interface RouteMatch<T extends RouteEntry> {
  readonly entry: T;
  /** Number of literal path segments; a higher score is a more specific route. */
  readonly score: number;
}

const compile = <T extends RouteEntry>(entry: T): CompiledRoute<T> => {
  const segments = entry.path.split('/').filter(Boolean);
  const source = segments.map((segment) => (segment.startsWith('{') && segment.endsWith('}') ? '[^/]+' : escape(segment))).join('/');
  return {
    entry,
    pattern: new RegExp(`^/${source}/?$`),
    literalSegments: segments.filter((segment) => !segment.startsWith('{')).length,
  };
};

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches a concrete request path (or a path template) to an operation. Literal segments win over templated
 * ones, so `/v1/members/my` is never taken for `/v1/members/{id}`.
 */
export class RouteTable<T extends RouteEntry> {
  readonly #routes: readonly CompiledRoute<T>[];

  constructor(entries: readonly T[]) {
    this.#routes = entries.map(compile);
  }

  /** The best route for a method and path, or undefined. With `method` undefined any method matches. */
  match(method: string | undefined, path: string): RouteMatch<T> | undefined {
    const bare = path.split('?')[0] ?? path;
    let best: CompiledRoute<T> | undefined;
    for (const route of this.#routes) {
      if (method !== undefined && route.entry.method.toUpperCase() !== method.toUpperCase()) continue;
      if (!route.pattern.test(bare)) continue;
      if (!best || route.literalSegments > best.literalSegments) best = route;
    }
    return best && { entry: best.entry, score: best.literalSegments };
  }
}
