import { useCallback } from 'react';
import type { ApiError } from '../errors/api-error';
import type { Family } from '../client/options';
import { useStorefrontClient } from './provider';

/** The request orval's generated hooks describe. */
export interface MutatorConfig {
  readonly url: string;
  readonly method: string;
  readonly params?: Record<string, unknown>;
  readonly data?: unknown;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
}

/** The error type of every generated hook: what the runtime throws. */
export type ErrorType<_Body> = ApiError;
export type BodyType<Body> = Body;

type RawRequest = (
  method: string,
  url: string,
  init: { params: { query?: Record<string, unknown> }; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<{ data?: unknown }>;

// The hooks call through the provider's openapi-fetch client, so they share its whole pipeline; the URL orval
// builds is a path, so query keys never contain the base URL.
const useFamilyMutator = (family: Family) => {
  const client = useStorefrontClient()[family];
  return useCallback(
    async (config: MutatorConfig): Promise<unknown> => {
      const request = client.request as unknown as RawRequest;
      const { data } = await request(config.method.toLowerCase(), config.url, {
        params: { query: config.params },
        body: config.data,
        headers: config.headers,
        signal: config.signal,
      });
      return data;
    },
    [client],
  );
};

export const useCommerceMutator = <T>() => useFamilyMutator('commerce') as (config: MutatorConfig) => Promise<T>;
export const usePlatformMutator = <T>() => useFamilyMutator('platform') as (config: MutatorConfig) => Promise<T>;
