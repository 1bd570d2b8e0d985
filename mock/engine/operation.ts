// The contract between the engine and the services: each operation of both families is an OperationImpl
// keyed by its operationId, with the role it needs and a handler from the validated request to the answer.
// Services declare theirs with defineService (service-table.ts), which types each one by its operation.

import type { RecordSchemas } from './checked-store';
import type { EventBody, EventType } from './events';
import type { ExampleAnswers } from './example-answers';
import type { Identity, IdentityRegistry } from './identity';
import type { SessionStore } from './store';

/**
 * Who may call: `anyone` (the operation declares no security; a token, when sent, still names the caller),
 * `shopper` (a visitor, a member or the merchant), `member` (a signed-in member only), `merchant` (the API key).
 */
export type Access = 'anyone' | 'shopper' | 'member' | 'merchant';

export interface Answer {
  /** Default 200. */
  readonly status?: number;
  /** A JSON value; undefined for an answer without a body (a redirect). */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface OperationContext {
  readonly operationId: string;
  /** The caller; undefined only for an `anyone` operation called without credentials. */
  readonly identity: Identity | undefined;
  readonly session: string;
  readonly store: SessionStore;
  /** Decoded path parameters by their spec names. */
  readonly path: Readonly<Record<string, string>>;
  /** Query parameters coerced to their schema types; an encoded `.r` message decoded under its name. */
  readonly query: Readonly<Record<string, unknown>>;
  /**
   * The JSON body, already valid against the operation's request schema: the empty message when none was sent,
   * undefined when the operation declares no body.
   */
  readonly body: unknown;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly requestId: string;
  /** Where clients reach the mock: the base of links it hands out. */
  readonly publicUrl: string;
  readonly identities: IdentityRegistry;
  readonly examples: ExampleAnswers;
  /** Now, as the platform writes timestamps (ISO 8601, milliseconds, UTC). */
  now(): string;
  /** A new UUID v4. */
  newId(): string;
  /** Whether the operation declares this status: a refusal picks the status the contract has for it. */
  declares(status: number): boolean;
  /** Records a state change; events reach the sink only when the call succeeds. */
  emit(type: EventType, entityId: string, body: EventBody): void;
}

export interface OperationImpl {
  readonly access: Access;
  handle(context: OperationContext): Promise<Answer>;
}

export type ServiceOperations = Readonly<Record<string, OperationImpl>>;

/** What the engine needs from the services: every operation, and the sign-in the hosted page performs. */
export interface Services {
  readonly operations: ServiceOperations;
  /** The component schema each collection's records keep (checked when a service stores one). */
  readonly records?: RecordSchemas;
  /** The member the hosted sign-in page signs in when the browser brings no session token of its own. */
  hostedSignInMember(store: SessionStore): Promise<string>;
}
