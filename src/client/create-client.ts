import type { Client } from 'openapi-fetch';
import type { paths as CommercePaths } from '../../generated/commerce/schema';
import type { paths as PlatformPaths } from '../../generated/platform/schema';
import type { Family } from '../operations/operation-meta';
import { genericClient } from './generic-client';
import { type ClientOptions, resolveBaseUrls } from './options';
import { createRuntime, type Runtime } from './runtime';
import { RUNTIME } from './runtime-key';

/** openapi-fetch's typed methods; errors are thrown, so `data` is what a call resolves with. */
export type FamilyClient<Paths extends {}> = Pick<Client<Paths>, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;

export interface StorefrontClient {
  readonly commerce: FamilyClient<CommercePaths>;
  readonly platform: FamilyClient<PlatformPaths>;
  /** The pipeline operation functions and hooks call through. */
  readonly [RUNTIME]: Runtime;
}

/**
 * A client of both families. Operation functions (`getCurrentCart(client)`), `client.commerce.GET(path, init)`
 * and the React hooks all go through one pipeline: auth headers, serialization, long-GET fallback, then error
 * mapping with `onError` told once before the error is thrown.
 */
export const createClient = (options: ClientOptions): StorefrontClient => {
  const runtime = createRuntime(options, resolveBaseUrls(options));
  const family = <Paths extends {}>(name: Family) => genericClient(name, runtime) as unknown as FamilyClient<Paths>;
  const client: StorefrontClient = {
    commerce: family<CommercePaths>('commerce'),
    platform: family<PlatformPaths>('platform'),
    [RUNTIME]: runtime,
  };
  options.auth?.bind?.({ client, context: runtime.authContext });
  return client;
};
