// How a service declares its operations: `defineService(family, { operationId: { access, handle } })`, typed by
// the generated per-operation types (generated/<family>/service-types.ts). An operationId the family does not
// declare, an answer with a status or body the operation does not declare, and an event body its webhook does
// not declare are compile errors; the handler reads `context.path`, `context.query` and `context.body` already
// typed (the engine validated them). Types only: at run time the table is the object the service wrote, and
// the engine calls it as any OperationImpl. The union of the tables is checked for completeness by
// `Unimplemented` and `ImplementedTwice`.
import type { ServiceTypes as CommerceServiceTypes } from '../../generated/commerce/service-types';
import type { ServiceTypes as PlatformServiceTypes } from '../../generated/platform/service-types';
import type { EventType as DeclaredEventType } from '../../src/events';
import type { DomainEventBody } from '../events/domain-event';
import type { EventBody, EventType } from './events';
import type { Access, OperationContext } from './operation';

interface ServiceTypesByFamily {
  readonly commerce: CommerceServiceTypes;
  readonly platform: PlatformServiceTypes;
}

export type ServiceFamily = keyof ServiceTypesByFamily;

/** The operationIds of a family (its HTTP operations; webhooks are not served). */
export type OperationIdOf<F extends ServiceFamily> = keyof ServiceTypesByFamily[F] & string;

/** Every operationId of both families. */
export type AnyOperationId = OperationIdOf<'commerce'> | OperationIdOf<'platform'>;

/** The generated types mark read-only fields `readonly`; the mock is the server that writes them. */
export type Writable<T> = T extends readonly (infer U)[]
  ? Writable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: Writable<T[K]> }
    : T;

/** The shape of each operation's entry in the generated types. */
interface OperationTypes {
  readonly path: object;
  readonly query: object;
  readonly body: unknown;
  readonly answers: object;
}

type TypesOf<F extends ServiceFamily, K extends OperationIdOf<F>> = Extract<ServiceTypesByFamily[F][K], OperationTypes>;

/** The answers operation `K` declares: status -> body. */
export type AnswersOf<F extends ServiceFamily, K extends OperationIdOf<F>> = TypesOf<F, K>['answers'];

/**
 * The body an event carries: for an event the contract declares, the domain event its webhook declares less the
 * common fields the engine adds (`{ createdEvent: { entity } }`, `{ actionEvent: { body } }`...).
 */
export type EventBodyOf<Type extends EventType> = Type extends { readonly eventType: infer Name extends DeclaredEventType }
  ? DomainEventBody<Name>
  : EventBody;

/** A call's context without its request: what helpers shared by several operations take. */
export interface CallContext extends Omit<OperationContext, 'path' | 'query' | 'body' | 'emit'> {
  /** Records a state change; events reach the sink only when the call succeeds. */
  emit<Type extends EventType>(type: Type, entityId: string, body: EventBodyOf<Type>): void;
}

/** The request, typed: path parameters, query parameters and the body as the operation declares them (all validated). */
export interface ServiceContext<F extends ServiceFamily, K extends OperationIdOf<F>> extends CallContext {
  readonly operationId: K;
  readonly path: Readonly<TypesOf<F, K>['path']>;
  readonly query: Writable<TypesOf<F, K>['query']>;
  readonly body: Writable<TypesOf<F, K>['body']>;
}

type Headers = Readonly<Record<string, string>>;

/** An answer with a status and its body: 200 may go unsaid (the engine's default), a body is there when declared. */
type AnswerAt<S, Body> = S extends 200
  ? [Body] extends [undefined]
    ? { readonly status?: 200; readonly body?: undefined; readonly headers?: Headers }
    : { readonly status?: 200; readonly body: Body; readonly headers?: Headers }
  : [Body] extends [undefined]
    ? { readonly status: S; readonly body?: undefined; readonly headers?: Headers }
    : { readonly status: S; readonly body: Body; readonly headers?: Headers };

/**
 * What the handler of an operation may answer: a status it declares with that status's body. A refusal is
 * thrown as a PlatformFailure (the engine writes its error body); only a declared example answers with an
 * error status as it is.
 */
export type ServiceAnswer<F extends ServiceFamily, K extends OperationIdOf<F>> = {
  [S in keyof AnswersOf<F, K>]: AnswerAt<S, AnswersOf<F, K>[S]>;
}[keyof AnswersOf<F, K>];

export interface ServiceOperation<F extends ServiceFamily, K extends OperationIdOf<F>> {
  readonly access: Access;
  handle(context: ServiceContext<F, K>): Promise<ServiceAnswer<F, K>>;
}

/** A service's operations, each typed by its operationId. */
export type ServiceTable<F extends ServiceFamily, K extends OperationIdOf<F>> = { readonly [Id in K]: ServiceOperation<F, Id> };

/** Declares a service's operations of one family; returns the table itself (no wrapper on the request path). */
export const defineService = <F extends ServiceFamily, K extends OperationIdOf<F>>(
  _family: F,
  operations: ServiceTable<F, K>,
): ServiceTable<F, K> => operations;

/**
 * The operation's declared example for a status (or a named one) as its answer: the examples are the
 * operation's own, so the status and the body are ones it declares.
 */
export const exampleAnswer = <F extends ServiceFamily, K extends OperationIdOf<F>>(
  context: ServiceContext<F, K>,
  prefer: { readonly code?: number; readonly example?: string },
): ServiceAnswer<F, K> => {
  const chosen = context.examples.answer(context.operationId, prefer);
  if ('missing' in chosen) throw new Error(chosen.missing);
  return chosen as ServiceAnswer<F, K>;
};

/** The operationIds a table (or a union of tables) implements. */
export type ImplementedBy<Table> = Table extends unknown ? keyof Table & string : never;

/** Of named tables, the operationIds none implements. */
export type Unimplemented<Tables> = Exclude<AnyOperationId, ImplementedBy<Tables[keyof Tables]>>;

/** Of named tables, the operationIds more than one implements. */
export type ImplementedTwice<Tables> = {
  [Name in keyof Tables]: ImplementedBy<Tables[Name]> & ImplementedBy<Tables[Exclude<keyof Tables, Name>]>;
}[keyof Tables];
