// The wire types the services read and write, taken from the generated types of both families (never written
// by hand): request bodies and query parameters by operationId, as the handler of that operation sees them, and
// entities by schema name, made writable.
import type { components as CommerceComponents } from '../../generated/commerce/schema';
import type { components as PlatformComponents } from '../../generated/platform/schema';
import type { OperationIdOf, ServiceContext, Writable } from '../engine/service-table';

export type CommerceBody<K extends OperationIdOf<'commerce'>> = ServiceContext<'commerce', K>['body'];
export type PlatformBody<K extends OperationIdOf<'platform'>> = ServiceContext<'platform', K>['body'];
export type PlatformQuery<K extends OperationIdOf<'platform'>> = ServiceContext<'platform', K>['query'];
export type CommerceSchema<K extends keyof CommerceComponents['schemas']> = Writable<CommerceComponents['schemas'][K]>;
export type PlatformSchema<K extends keyof PlatformComponents['schemas']> = Writable<PlatformComponents['schemas'][K]>;

/** A record as the mock stores and answers it: the server-set fields every answer carries are always there. */
export type Stored<T, K extends keyof T> = T & { [P in K]-?: Exclude<T[P], undefined> };
/** What every stored entity carries: its id and the dates the server sets. */
export type ServerSet = 'id' | 'createdDate' | 'updatedDate';
