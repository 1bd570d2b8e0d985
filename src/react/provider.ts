import * as ReactQuery from '@tanstack/react-query';
import * as React from 'react';
import type { StorefrontClient } from '../client/create-client';
import { watchIdentity } from '../query/identity-reset';

// Namespace imports: an app that leaves React and React Query to its own bundle (external) keeps only the
// members used, where named imports of this entry would all stay in its import list.

const StorefrontContext = React.createContext<StorefrontClient | null>(null);

/**
 * Gives every generated hook below it the client (base URL, auth, error hook) configured once, and resets the
 * identity-scoped queries of the QueryClient above it when the shopper signs in or out.
 */
export const StorefrontProvider = ({ client, children }: { client: StorefrontClient; children?: React.ReactNode }): React.JSX.Element => {
  const queryClient = React.useContext(ReactQuery.QueryClientContext);
  React.useEffect(() => watchIdentity(client, queryClient), [client, queryClient]);
  // createElement rather than JSX: the JSX runtime would be one import more for the app.
  return React.createElement(StorefrontContext.Provider, { value: client }, children);
};

export const useStorefrontClient = (): StorefrontClient => {
  const client = React.useContext(StorefrontContext);
  if (!client) throw new Error('Wrap the app in <StorefrontProvider client>');
  return client;
};
