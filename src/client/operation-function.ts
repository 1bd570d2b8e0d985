import type { OperationMeta } from '../operations/operation-meta';
import type { CallInit } from './build-request';
import type { StorefrontClient } from './create-client';
import type { InitOptional } from './operation-types';
import { RUNTIME } from './runtime-key';

/**
 * One operation: `fn(client, init)` resolves with the 2xx body and throws the runtime's ApiErrors; `Codes` are
 * the application-error codes its spec declares for its 4xx answers.
 */
export type OperationFunction<Init, Data, Codes extends string = string, Responses = unknown> = (InitOptional<Init> extends true
  ? (client: StorefrontClient, init?: Init) => Promise<Data>
  : (client: StorefrontClient, init: Init) => Promise<Data>) & {
  readonly meta: OperationMeta;
  /**
   * Types only, never set: what the React bindings read the init and data types from, and the testing entry the
   * answers declared per status (`responses`).
   */
  readonly types?: { readonly init: Init; readonly data: Data; readonly codes: Codes; readonly responses: Responses };
};

export type InitOf<F> = F extends { readonly types?: { readonly init: infer I } } ? I : never;
export type DataOf<F> = F extends { readonly types?: { readonly data: infer D } } ? D : never;
export type { CodesOf } from '../errors/operation-error';
export type { OperationData, OperationInit } from './operation-types';

/**
 * The interface generated code reaches the runtime through: a function for one operation, carrying its own
 * metadata, so an app bundles only the operations it imports.
 */
export const operation = <Init, Data, Codes extends string = string, Responses = unknown>(
  meta: OperationMeta,
): OperationFunction<Init, Data, Codes, Responses> => {
  const call = async (client: StorefrontClient, init?: CallInit): Promise<unknown> => {
    const runtime = client?.[RUNTIME];
    if (!runtime) throw new TypeError(`${meta.operationId}(client, init): client must be what createClient returns`);
    return (await runtime.call(meta, init ?? {})).data;
  };
  return Object.assign(call, { meta }) as unknown as OperationFunction<Init, Data, Codes, Responses>;
};
