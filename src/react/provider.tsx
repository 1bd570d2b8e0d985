import { QueryClientContext } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import type { StorefrontClient } from '../client/create-client';
import { resetOnIdentityChange } from '../query/identity-reset';

const StorefrontContext = createContext<StorefrontClient | null>(null);

/**
 * Gives every generated hook below it the client (base URL, auth, error hook) configured once, and resets the
 * identity-scoped queries of the QueryClient above it when the shopper signs in or out.
 */
export const StorefrontProvider = ({ client, children }: { client: StorefrontClient; children?: ReactNode }) => {
  const queryClient = useContext(QueryClientContext);
  useEffect(() => (queryClient ? resetOnIdentityChange(queryClient, client) : undefined), [client, queryClient]);
  return <StorefrontContext.Provider value={client}>{children}</StorefrontContext.Provider>;
};

export const useStorefrontClient = (): StorefrontClient => {
  const client = useContext(StorefrontContext);
  if (!client) {
    throw new Error('No storefront client: wrap the component in <StorefrontProvider client={createClient(...)}>');
  }
  return client;
};
