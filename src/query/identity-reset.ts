import type { StorefrontClient } from '../client/create-client';
import { RUNTIME } from '../client/runtime-key';

/** The part of a QueryClient this needs (React Query's QueryClient is one). */
export interface ResettableQueries {
  resetQueries(filters: {
    predicate: (query: { readonly meta?: Readonly<Record<string, unknown>> | undefined }) => boolean;
  }): Promise<void>;
}

/**
 * Resets the identity-scoped queries (the spec's `x-identity-scoped` reads: the current cart, my member, ...)
 * whenever the caller behind the client's auth strategy changes: sign-in, sign-out, a new visitor session. The
 * first token of a session that had none is not a change (it is who was calling already). Returns the unsubscribe;
 * a strategy that cannot be observed (a static token, an API key) never changes identity: a no-op.
 * `StorefrontProvider` calls it for the QueryClient above it.
 */
export const resetOnIdentityChange = (queryClient: ResettableQueries, client: StorefrontClient): (() => void) => {
  const auth = client[RUNTIME].auth;
  let last = auth.identity?.();
  return (
    auth.subscribe?.(() => {
      const next = auth.identity?.();
      if (last && next !== last) void queryClient.resetQueries({ predicate: (query) => query.meta?.identityScoped === true });
      last = next;
    }) ?? (() => undefined)
  );
};
