import { createContext, type ReactNode, useContext } from 'react';
import type { StorefrontClient } from '../client/create-client';

const StorefrontContext = createContext<StorefrontClient | null>(null);

/** Gives every generated hook below it the client (base URL, auth, error hook) configured once. */
export const StorefrontProvider = ({ client, children }: { client: StorefrontClient; children?: ReactNode }) => (
  <StorefrontContext.Provider value={client}>{children}</StorefrontContext.Provider>
);

export const useStorefrontClient = (): StorefrontClient => {
  const client = useContext(StorefrontContext);
  if (!client) {
    throw new Error('No storefront client: wrap the component in <StorefrontProvider client={createClient(...)}>');
  }
  return client;
};
