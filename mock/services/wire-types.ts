// The wire types the services read and write, taken from the generated types of both families (never written
// by hand): request bodies and query parameters by operationId, entities by schema name, made writable.
import type { components as CommerceComponents, operations as CommerceOperations } from '../../generated/commerce/schema';
import type { components as PlatformComponents, operations as PlatformOperations } from '../../generated/platform/schema';

/** The generated types mark read-only fields `readonly`; the mock is the server that writes them. */
export type Writable<T> = T extends readonly (infer U)[] ? Writable<U>[] : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;

type BodyOf<Operation> = Operation extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;
type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

export type CommerceBody<K extends keyof CommerceOperations> = Writable<BodyOf<CommerceOperations[K]>>;
export type PlatformBody<K extends keyof PlatformOperations> = Writable<BodyOf<PlatformOperations[K]>>;
export type PlatformQuery<K extends keyof PlatformOperations> = Writable<QueryOf<PlatformOperations[K]>>;
export type CommerceSchema<K extends keyof CommerceComponents['schemas']> = Writable<CommerceComponents['schemas'][K]>;
export type PlatformSchema<K extends keyof PlatformComponents['schemas']> = Writable<PlatformComponents['schemas'][K]>;
