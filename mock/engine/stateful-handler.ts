// The stateful mode's OperationHandler, for a caller the identity stage admitted: applies the session's
// scenario (latency, forced failure), answers `Prefer` examples, and runs the service's handler over the
// session store (writes one at a time per session). Its answers and refusals go on to the pipeline's answer
// check; the events a call emitted reach the sink only once its answer passed that check.
import { internalFailure, validationFailure } from '../errors/platform-error';
import type { ContractAnswer, HandlerResult, OperationHandler } from '../pipeline/stages/handler';
import type { MockResponse, ValidatedRequest } from '../pipeline/types';
import type { ResponseValidator } from '../validation/response-validator';
import { checkedStore, type RecordSchemas } from './checked-store';
import { type EventSink, eventIdentity, type RecordedEvent } from './events';
import type { ExampleAnswers } from './example-answers';
import { PlatformFailure, ValidationFailure } from './failure';
import { forcedAnswer } from './forced-answer';
import type { IdentityRegistry } from './identity';
import type { Answer, OperationContext, ServiceOperations } from './operation';
import type { ScenarioStore } from './scenarios';
import type { SessionStore } from './store';

export interface StatefulHandlerOptions {
  readonly operations: ServiceOperations;
  /** The collections whose records must keep their component schema when a service stores them. */
  readonly records?: RecordSchemas;
  readonly identities: IdentityRegistry;
  readonly responses: ResponseValidator;
  readonly examples: ExampleAnswers;
  readonly scenarios: ScenarioStore;
  readonly events: EventSink;
  /** The store of a session, seeded on first use. */
  readonly openSession: (session: string) => Promise<SessionStore>;
  readonly exclusive: <T>(session: string, store: SessionStore, work: () => Promise<T>) => Promise<T>;
  readonly publicUrl: () => string;
  readonly log: (line: string) => void;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What an answer leaves to `accepted`: its events, and the commit of its writes when it is still travelling. */
interface Effects {
  readonly events: readonly RecordedEvent[];
  readonly settled: Promise<void> | undefined;
}

export const createStatefulHandler = (options: StatefulHandlerOptions): OperationHandler => {
  const { operations, identities, responses, examples, scenarios, events } = options;

  const broken = (operationId: string, description: string, requestId: string): MockResponse => {
    options.log(`500 ${requestId} ${operationId}: ${description}`);
    return internalFailure(operationId, new Error(description), requestId);
  };

  return {
    async handle(request: ValidatedRequest): Promise<HandlerResult> {
      const { raw, operation, caller } = request;
      const { operationId } = operation;
      if (!caller) throw new Error(`${operationId} reached the stateful handler without a caller`);
      const { identity, session } = caller;
      const requestId = raw.requestId;

      const impl = operations[operationId];
      // Asked together: a shared store answers both in one round trip. A session opened for a call a scenario
      // then fails is simply there for the next call.
      const opening = impl ? options.openSession(session) : undefined;
      opening?.catch(() => undefined);
      const scenario = await scenarios.take(session, operationId);
      if (scenario?.latencyMs) await sleep(scenario.latencyMs);
      if (scenario?.failure) return forcedAnswer(operationId, session, scenario.failure, examples, requestId);

      const { code, example } = request.preferences;
      if (code !== undefined || example !== undefined) {
        const chosen = examples.answer(operationId, { ...(code !== undefined && { code }), ...(example !== undefined && { example }) });
        // The request stage admitted only what the operation declares: a missing example is the mock's own bug.
        if ('missing' in chosen) return broken(operationId, chosen.missing, requestId);
        return { kind: 'answer', status: chosen.status, body: chosen.body };
      }

      if (!impl || !opening) return broken(operationId, 'no handler in stateful mode', requestId);
      const store = await opening;
      const pending: RecordedEvent[] = [];
      // One clock reading per call: every date a call writes (updatedDate, eventTime...) is the same instant.
      const now = new Date().toISOString();
      const context: OperationContext = {
        operationId,
        identity,
        session,
        store: options.records
          ? checkedStore(
              store,
              options.records,
              (...args) => responses.recordViolations(...args),
              (...args) => responses.recordKept(...args),
            )
          : store,
        path: request.pathParams,
        query: request.query,
        // A request sent without a body is the empty message, as it was validated.
        body: request.body === undefined && request.contract?.body ? {} : request.body,
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

      let answer: Answer;
      try {
        const run = () => impl.handle(context);
        answer = operation.readOnly ? await run() : await options.exclusive(session, store, run);
      } catch (error) {
        if (error instanceof ValidationFailure) return validationFailure(error.violations, requestId);
        if (!(error instanceof PlatformFailure)) throw error;
        return { kind: 'refusal', status: error.status, code: error.code, description: error.description, data: error.data };
      }
      const settled = operation.readOnly ? undefined : store.settled?.();
      const effects: Effects | undefined = pending.length > 0 || settled ? { events: pending, settled } : undefined;
      return { kind: 'answer', status: answer.status ?? 200, body: answer.body, headers: answer.headers, effects };
    },

    // The events leave while the work's writes may still be on their way (right behind them, on a shared
    // store); the answer waits for both. A write whose commit then fails is answered 503, its events recorded.
    async accepted(answer: ContractAnswer): Promise<void> {
      if (!answer.effects) return;
      const { events: pending, settled } = answer.effects as Effects;
      const emitted = (async () => {
        for (const event of pending) await events.emit(event);
      })();
      await Promise.all([settled, emitted]);
    },
  };
};
