import type { Client, ClientPathsWithMethod, MaybeOptionalInit, MethodResponse } from 'openapi-fetch';
import type { paths as CommercePaths } from '../../generated/commerce/schema';
import type { paths as PlatformPaths } from '../../generated/platform/schema';
import type { Family } from '../operations/operation-meta';
import { genericClient } from './generic-client';
import { type ClientOptions, resolveBaseUrls } from './options';
import { createRuntime, type Runtime } from './runtime';
import { RUNTIME } from './runtime-key';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type InitAt<PathItem, M> = M extends keyof PathItem ? MaybeOptionalInit<PathItem, M> : never;
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

/**
 * openapi-fetch's typed paths and inits, with what the runtime answers: the 2xx body as `data` (errors are
 * thrown as ApiErrors, so there is no error branch) and the Response.
 */
export type PathMethod<Paths extends {}, M extends Method> = <
  P extends ClientPathsWithMethod<Client<Paths>, M> & keyof Paths,
  Init extends InitAt<Paths[P], M>,
>(
  url: P,
  ...init: RequiredKeys<Init> extends never ? [init?: Init] : [init: Init]
) => Promise<{ data: MethodResponse<Client<Paths>, M, P, Init>; response: Response }>;

/** `GET/POST/PUT/PATCH/DELETE(path, init)` of one family; a call resolves with the 2xx body or throws. */
export interface FamilyClient<Paths extends {}> {
  GET: PathMethod<Paths, 'get'>;
  POST: PathMethod<Paths, 'post'>;
  PUT: PathMethod<Paths, 'put'>;
  PATCH: PathMethod<Paths, 'patch'>;
  DELETE: PathMethod<Paths, 'delete'>;
}

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
