import type { StorefrontClient } from '../client/create-client';
import { RUNTIME } from '../client/runtime-key';

/** The part of a QueryClient this needs (React Query's QueryClient is one). */
export interface ResettableQueries {
  resetQueries(filters: {
    predicate: (query: { readonly meta?: Readonly<Record<string, unknown>> | undefined }) => boolean;
  }): Promise<void>;
}

/**
 * Resets the identity-scoped queries of `queryClient` (the spec's `x-identity-scoped` reads: the current cart, my
 * member, ...) whenever the caller behind the client's auth strategy changes: sign-in, sign-out, a new visitor
 * session. The first token of a session that had none is not a change (it is who was calling already). Returns the
 * unsubscribe, or undefined for a strategy that cannot be observed (a static token, an API key never change).
 * Without a QueryClient it resets nothing: `StorefrontProvider` may sit outside QueryClientProvider.
 */
export const watchIdentity = (client: StorefrontClient, queryClient: ResettableQueries | undefined): (() => void) | undefined => {
  const auth = client[RUNTIME].auth;
  let last = auth.identity?.();
  return auth.subscribe?.(() => {
    const next = auth.identity?.();
    if (last && next !== last) void queryClient?.resetQueries({ predicate: (query) => !!query.meta?.identityScoped });
    last = next;
  });
};

/**
 * Resets the identity-scoped queries whenever the caller behind the client's auth strategy changes (see
 * watchIdentity). Returns the unsubscribe; with a strategy that cannot be observed, a no-op.
 * `StorefrontProvider` does the same for the QueryClient above it.
 */
export const resetOnIdentityChange = (queryClient: ResettableQueries, client: StorefrontClient): (() => void) =>
  watchIdentity(client, queryClient) ?? (() => undefined);
