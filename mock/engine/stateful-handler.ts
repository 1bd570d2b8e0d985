// The stateful mode's OperationHandler: admits the caller (identity from the token or API key, then the role the
// operation needs), applies the session's scenario (latency, forced failure), answers `Prefer` examples, runs the
// service's handler over the session store (writes one at a time per session), and validates the answer against
// the operation's response schema before it leaves.
import { applicationFailure, internalFailure, validationFailure } from '../errors/platform-error';
import { parsePrefer } from '../pipeline/prefer-header';
import type { Admission, MockResponse, OperationHandler, RoutedRequest, ValidatedRequest } from '../pipeline/types';
import type { ResponseValidator } from '../validation/response-validator';
import { eventIdentity, type EventSink, type RecordedEvent } from './events';
import type { ExampleAnswers } from './example-answers';
import { PlatformFailure, ValidationFailure } from './failure';
import { SESSION_NAME, type Identity, type IdentityRegistry } from './identity';
import type { Access, OperationContext, ServiceOperations } from './operation';
import type { Scenarios } from './scenarios';
import type { SessionStore } from './store';

export interface StatefulHandlerOptions {
  readonly operations: ServiceOperations;
  readonly identities: IdentityRegistry;
  readonly responses: ResponseValidator;
  readonly examples: ExampleAnswers;
  readonly scenarios: Scenarios;
  readonly events: EventSink;
  /** The store of a session, seeded on first use. */
  readonly openSession: (session: string) => Promise<SessionStore>;
  readonly exclusive: <T>(session: string, work: () => Promise<T>) => Promise<T>;
  readonly sessionOf: (request: { readonly headers: Readonly<Record<string, string>> }, identity: Identity | undefined) => string;
  readonly publicUrl: () => string;
  readonly log: (line: string) => void;
}

interface Admitted {
  readonly identity: Identity | undefined;
  readonly session: string;
}

const ROLE_WORDS: Readonly<Record<Access, string>> = {
  anyone: 'anyone',
  shopper: 'a visitor or member token, or the API key',
  member: 'a member token (sign in first)',
  merchant: "the merchant's API key",
};

const refusal = (access: Access, identity: Identity | undefined, operationId: string): string | undefined => {
  if (access === 'anyone' || access === 'shopper') return undefined;
  if (access === 'member' && identity?.role === 'member') return undefined;
  if (access === 'merchant' && identity?.role === 'merchant') return undefined;
  return `${operationId} needs ${ROLE_WORDS[access]}; the caller is ${identity ? `a ${identity.role}` : 'anonymous'}`;
};


const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const jsonAnswer = (status: number, body: unknown, headers: Readonly<Record<string, string>> = {}, text?: string): MockResponse => ({
  status,
  headers: body === undefined ? { ...headers } : { 'content-type': 'application/json', ...headers },
  body: body === undefined ? '' : (text ?? JSON.stringify(body)),
});

/**
 * Read answers that wrap one stored record (`{ cart }`, `{ product }`...) whose record is frozen, hence
 * unchanged since it was last answered: its verdict against the response schema and its JSON text are kept
 * with it (per operation and status), so reading the same record again costs neither. Dropped with the record.
 */
class CheckedAnswers {
  readonly #byRecord = new WeakMap<object, Map<string, string>>();

  /** The single frozen record an answer wraps, and its key, when it is such an answer. */
  static wrapped(body: unknown): { readonly key: string; readonly record: object } | undefined {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const keys = Object.keys(body);
    if (keys.length !== 1) return undefined;
    const key = keys[0] as string;
    const record = (body as Record<string, unknown>)[key];
    return typeof record === 'object' && record !== null && Object.isFrozen(record) ? { key, record } : undefined;
  }

  get(record: object, slot: string): string | undefined {
    return this.#byRecord.get(record)?.get(slot);
  }

  set(record: object, slot: string, text: string): void {
    let slots = this.#byRecord.get(record);
    if (!slots) {
      slots = new Map();
      this.#byRecord.set(record, slots);
    }
    slots.set(slot, text);
  }
}

export const createStatefulHandler = (options: StatefulHandlerOptions): OperationHandler => {
  const { operations, identities, responses, examples, scenarios, events } = options;
  const checked = new CheckedAnswers();

  const broken = (operationId: string, description: string, requestId: string): MockResponse => {
    options.log(`500 ${requestId} ${operationId}: ${description}`);
    return internalFailure(operationId, new Error(description), requestId);
  };

  return {
    async admit({ raw, operation }: RoutedRequest): Promise<Admission> {
      const impl = operations[operation.operationId];
      if (!impl) return { response: internalFailure(operation.operationId, new Error('no handler in stateful mode'), raw.requestId) };
      const named = raw.headers['x-mock-session'];
      if (named !== undefined && !SESSION_NAME.test(named)) {
        return { response: validationFailure([{ field: 'x-mock-session', description: 'must be 1 to 100 letters, digits or ._:-', violatedRule: 'FORMAT', ruleName: 'FORMAT' }], raw.requestId) };
      }
      const header = raw.headers.authorization;
      const identity = identities.fromAuthorization(header, raw.headers['x-mock-session']);
      if (!identity && impl.access !== 'anyone') {
        return {
          response: applicationFailure(
            {
              status: 401,
              code: 'UNAUTHENTICATED',
              description: 'The access token is not one this mock issued: get a visitor token from POST /oauth2/token, sign in for a member token, or send the API key',
            },
            raw.requestId,
          ),
        };
      }
      const refused = refusal(impl.access, identity, operation.operationId);
      if (refused) return { response: applicationFailure({ status: 403, code: 'PERMISSION_DENIED', description: refused }, raw.requestId) };
      const admitted: Admitted = { identity, session: options.sessionOf(raw, identity) };
      return { admitted };
    },

    async handle(request: ValidatedRequest): Promise<MockResponse> {
      const { raw, operation } = request;
      const { operationId } = operation;
      const { identity, session } = request.admitted as Admitted;
      const requestId = raw.requestId;

      const scenario = scenarios.take(session, operationId);
      if (scenario?.latencyMs) await sleep(scenario.latencyMs);
      if (scenario?.failure) {
        const { status, code, description } = scenario.failure;
        return applicationFailure({ status, ...(code && { code }), description: description ?? `Forced by the ${operationId} scenario of session ${session}` }, requestId);
      }

      const prefer = raw.headers.prefer === undefined ? undefined : parsePrefer(raw.headers.prefer);
      if (prefer && !prefer.ok) return validationFailure([prefer.violation], requestId);
      const { code, example } = prefer?.ok ? prefer.preferences : {};
      if (code !== undefined || example !== undefined) {
        const chosen = examples.answer(operationId, { ...(code !== undefined && { code }), ...(example !== undefined && { example }) });
        if ('missing' in chosen) return applicationFailure({ status: 404, code: 'NOT_FOUND', description: chosen.missing }, requestId);
        return jsonAnswer(chosen.status, chosen.body);
      }

      const impl = operations[operationId];
      if (!impl) return broken(operationId, 'no handler in stateful mode', requestId);
      const store = await options.openSession(session);
      const pending: RecordedEvent[] = [];
      // One clock reading per call: every date a call writes (updatedDate, eventTime...) is the same instant.
      const now = new Date().toISOString();
      const context: OperationContext = {
        operationId,
        identity,
        session,
        store,
        path: request.pathParams,
        query: request.query,
        body: request.body,
        headers: raw.headers,
        requestId,
        publicUrl: options.publicUrl(),
        identities,
        examples,
        now: () => now,
        newId: () => globalThis.crypto.randomUUID(),
        declares: (status) => responses.declares(operationId, status),
        emit: (type, entityId, body) =>
          pending.push({
            id: globalThis.crypto.randomUUID(),
            eventType: type.eventType,
            entityFqdn: type.entityFqdn,
            slug: type.slug,
            entityId,
            eventTime: now,
            identity: eventIdentity(identity),
            session,
            operationId,
            requestId,
            payload: body,
          }),
      };

      let answer;
      try {
        const run = () => impl.handle(context);
        answer = operation.readOnly ? await run() : await options.exclusive(session, run);
      } catch (error) {
        if (error instanceof ValidationFailure) return validationFailure(error.violations, requestId);
        if (!(error instanceof PlatformFailure)) throw error;
        // A refusal must be one the operation declares: an undeclared status is the mock's bug.
        if (!responses.declares(operationId, error.status)) {
          return broken(operationId, `refused with ${error.status} ${error.code}, a status the operation does not declare (${error.description})`, requestId);
        }
        return applicationFailure({ status: error.status, code: error.code, description: error.description, ...(error.data && { data: error.data }) }, requestId);
      }
      const status = answer.status ?? 200;
      // Only reads are kept: a write answers a record made just now, which the next write replaces.
      const wrapped = operation.readOnly ? CheckedAnswers.wrapped(answer.body) : undefined;
      const slot = wrapped && `${operationId} ${status} ${wrapped.key}`;
      let text = wrapped && slot ? checked.get(wrapped.record, slot) : undefined;
      if (text === undefined) {
        const violation = responses.check(operationId, status, answer.body);
        if (violation) {
          const { field, description } = violation.violation;
          return broken(operationId, `the answer breaks the ${operationId} contract (status ${status}): "${field}" ${description}`, requestId);
        }
        if (wrapped && slot) {
          text = `{${JSON.stringify(wrapped.key)}:${JSON.stringify(wrapped.record)}}`;
          checked.set(wrapped.record, slot, text);
        }
      }
      for (const event of pending) events.emit(event);
      return jsonAnswer(status, answer.body, answer.headers, text);
    },
  };
};
