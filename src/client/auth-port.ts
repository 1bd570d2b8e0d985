// The one thing the runtime asks of an auth strategy. Strategies live in src/auth and import the runtime;
// the runtime knows them only through this interface, so the dependency runs one way.

/** What a strategy may use to talk to the platform itself (for example to obtain tokens). */
export interface AuthContext {
  /** Base URL of the platform family, where `POST /oauth2/token` lives. */
  readonly platformBaseUrl: string;
  readonly fetch: typeof fetch;
}

export interface AuthStrategy {
  /** The headers of the next call (renewing tokens first when they are about to expire). */
  getAuthHeaders(context: AuthContext): Promise<Record<string, string>>;
  /**
   * The platform refused `headers` with 401: make the next getAuthHeaders give fresh credentials. Resolves true
   * when a retry with them can succeed. Strategies with nothing to renew leave it out, and 401 is final.
   */
  renewAfterUnauthorized?(context: AuthContext, rejected: Record<string, string>): Promise<boolean>;
  /** Called by createClient with the client it serves, for strategies that make calls of their own. */
  bind?(binding: { client: unknown; context: AuthContext }): void;
  /** Strategies whose caller can change (sign-in, sign-out) say who calls now, and tell `listener` of changes. */
  identity?(): string;
  subscribe?(listener: () => void): () => void;
}
