/** Anything routable: an operation with its method and path template. */
export interface RouteEntry {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
}

/** A path shape (templates that differ only in parameter names are one) with every route declared on it. */
interface CompiledPath<T extends RouteEntry> {
  /** The template with its parameters unnamed: `/v1/orders/{}`. */
  readonly shape: string;
  readonly pattern: RegExp;
  /** Per segment, whether it is literal: compared left to right when two paths have as many literals. */
  readonly literal: readonly boolean[];
  readonly literalSegments: number;
  readonly entries: T[];
}

export interface RouteMatch<T extends RouteEntry> {
  readonly entry: T;
  /** Number of literal path segments; a higher score is a more specific route. */
  readonly score: number;
}

/**
 * What owns a request path: the paths matching it with the most literal segments, and the routes declared on them
 * (their methods). Templates that differ only in their parameters' names (`/v1/orders/{id}`,
 * `/v1/orders/{order.id}`) are one path. Usually one path owns it; paths as specific as each other
 * (`/v1/checkouts/by-cart-id/{cartId}` and `/v1/checkouts/{id}/create-order`) share it, the leftmost literal first.
 */
export interface PathOwner<T extends RouteEntry> {
  /** The owning paths' templates with their parameters unnamed: `/v1/orders/{}`. */
  readonly shapes: readonly string[];
  /** Their routes, the leftmost literal's path first. */
  readonly entries: readonly T[];
  /** Number of literal path segments. */
  readonly score: number;
}

const isTemplated = (segment: string): boolean => segment.startsWith('{') && segment.endsWith('}');

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const shapeOf = (template: string): string => template.replace(/\{[^}/]*\}/g, '{}');

const compilePath = <T extends RouteEntry>(shape: string): CompiledPath<T> => {
  const segments = shape.split('/').filter(Boolean);
  const source = segments.map((segment) => (isTemplated(segment) ? '[^/]+' : escape(segment))).join('/');
  const literal = segments.map((segment) => !isTemplated(segment));
  return {
    shape,
    pattern: new RegExp(`^/${source}/?$`),
    literal,
    literalSegments: literal.filter(Boolean).length,
    entries: [],
  };
};

/** Of two paths with as many literal segments, the one whose first literal comes where the other has a parameter first. */
const byLeftmostLiteral = <T extends RouteEntry>(a: CompiledPath<T>, b: CompiledPath<T>): number => {
  const index = a.literal.findIndex((literal, at) => literal !== b.literal[at]);
  return index < 0 ? 0 : a.literal[index] ? -1 : 1;
};

/**
 * Matches a concrete request path (or a path template) to an operation. The most specific path template that
 * matches owns the request path with all its methods: `/v1/members/my` is never taken for `/v1/members/{id}`,
 * and a method `/v1/orders/search` does not have is not handed to `/v1/orders/{id}`.
 */
export class RouteTable<T extends RouteEntry> {
  readonly #paths: readonly CompiledPath<T>[];

  constructor(entries: readonly T[]) {
    const byShape = new Map<string, CompiledPath<T>>();
    for (const entry of entries) {
      const shape = shapeOf(entry.path);
      let path = byShape.get(shape);
      if (!path) byShape.set(shape, (path = compilePath<T>(shape)));
      path.entries.push(entry);
    }
    this.#paths = [...byShape.values()];
  }

  /** What owns `path` (query ignored), with its routes; undefined when no path matches. */
  owner(path: string): PathOwner<T> | undefined {
    const bare = path.split('?')[0] ?? path;
    let owners: CompiledPath<T>[] = [];
    for (const candidate of this.#paths) {
      if (!candidate.pattern.test(bare)) continue;
      const score = owners[0]?.literalSegments ?? -1;
      if (candidate.literalSegments > score) owners = [candidate];
      else if (candidate.literalSegments === score) owners.push(candidate);
    }
    const [first] = owners;
    if (!first) return undefined;
    if (owners.length > 1) owners.sort(byLeftmostLiteral);
    return {
      shapes: owners.map((owner) => owner.shape),
      entries: owners.length === 1 ? first.entries : owners.flatMap((owner) => owner.entries),
      score: first.literalSegments,
    };
  }

  /**
   * The route for a method on the path's owner, or undefined (no owner, or the owner does not take the method).
   * With `method` undefined, the owner's first route.
   */
  match(method: string | undefined, path: string): RouteMatch<T> | undefined {
    const owner = this.owner(path);
    if (!owner) return undefined;
    const wanted = method?.toUpperCase();
    const entry = owner.entries.find((candidate) => wanted === undefined || candidate.method.toUpperCase() === wanted);
    return entry && { entry, score: owner.score };
  }
}
