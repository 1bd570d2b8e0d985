// The stateful mock, framework-free: request in, response out. It owns the session stores, identities, events,
// request log and scenarios, and runs the pipeline with its own stages: identities and roles, its controls, and
// the services as the handler. The composition root (compose-mock.ts) puts it behind either adapter.

import { apiVersion } from '../../spec-model/api-version';
import { asBundledDocument, type Family, listOperations } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import { assemblePipeline } from '../pipeline/assemble';
import { failureAnswer, withRequestId } from '../pipeline/stages/answer';
import { createIdentityStage } from '../pipeline/stages/identity';
import { createPagesStage } from '../pipeline/stages/pages';
import type { MockPages, MockRequest, MockResponse, Trace } from '../pipeline/types';
import { ResponseValidator } from '../validation/response-validator';
import { SchemaCompilers } from '../validation/schema-compilers';
import { controlRefusal, sessionInput } from './control-input';
import { CONTROLS_PREFIX, type ControlsHost, judgedScenarios, judgeSeed, serveControl } from './controls';
import { type EngineState, memoryState } from './engine-state';
import { RecordingEventSink } from './events';
import { ExampleAnswers } from './example-answers';
import { type Fixture, seedStore } from './fixtures';
import { DEFAULT_SESSION, type Identity, IdentityRegistry, SESSION_NAME } from './identity';
import type { Services } from './operation';
import type { RequestLogStore } from './request-log';
import type { ScenarioStore } from './scenarios';
import { createStatefulHandler } from './stateful-handler';
import type { SessionStore } from './store';

/** The fixture every new session starts from. */
export const DEFAULT_FIXTURE = 'default';

export interface EngineOptions {
  /** Both families' bundled documents, parsed. */
  readonly documents: Readonly<Record<Family, JsonObject>>;
  /** Every operation's implementation, by operationId, and the hosted sign-in. */
  readonly services: Services;
  /** Named fixtures; `default` seeds every new session. */
  readonly fixtures: Readonly<Record<string, Fixture>>;
  /** The merchant's API key (default `mock-api-key`). */
  readonly apiKey?: string;
  /** Where state lives (default: in memory; Redis when replicas share it). */
  readonly state?: EngineState;
  /** Where clients reach the mock, for links it hands out (sign-in pages, checkout URLs). */
  readonly publicUrl: () => string;
  readonly log?: (line: string) => void;
  /**
   * More controls under /__mock/ (webhook delivery adds its own this way), asked before the built-in ones;
   * undefined: not one of them.
   */
  readonly controls?: MockPages;
  /** Refuse the fields a request's contract does not declare (MOCK_STRICT); a request's `Prefer: handling=` decides for itself. */
  readonly strict?: boolean | undefined;
}

export interface StatefulEngine {
  /** Answers one request: an API operation, a sign-in page or a control under /__mock/. */
  handle(request: MockRequest): Promise<MockResponse>;
  readonly events: RecordingEventSink;
  readonly requestLog: RequestLogStore;
  readonly scenarios: ScenarioStore;
  readonly identities: IdentityRegistry;
  /** The store of a session (seeded with the default fixture on first use). */
  session(name?: string): Promise<SessionStore>;
  reset(session?: string): Promise<string[]>;
  seed(session: string, fixture: string): Promise<Record<string, number>>;
}

export const createStatefulEngine = (options: EngineOptions): StatefulEngine => {
  const log = options.log ?? (() => undefined);
  if (!options.fixtures[DEFAULT_FIXTURE]) throw new Error(`the stateful engine needs a "${DEFAULT_FIXTURE}" fixture`);
  const state = options.state ?? memoryState();
  const stores = state.store;
  const identities = new IdentityRegistry(options.apiKey, state.tokens);
  const events = new RecordingEventSink(log, state.events);
  const { requestLog, scenarios } = state;
  const compilers = new SchemaCompilers();
  const responses = new ResponseValidator(compilers, options.documents);
  const examples = new ExampleAnswers(
    options.documents,
    Object.values(options.fixtures).flatMap((fixture) => (fixture.examples ? [fixture.examples] : [])),
  );

  const seedWith = (fixture: Fixture) => async (store: SessionStore) => {
    await seedStore(store, fixture);
  };
  const openSession = (session: string) => stores.open(session, seedWith(options.fixtures[DEFAULT_FIXTURE] as Fixture));
  const headerSession = (headers: Readonly<Record<string, string>>): string | undefined => {
    const named = headers['x-mock-session'];
    return named && SESSION_NAME.test(named) ? named : undefined;
  };
  const sessionOf = (request: { readonly headers: Readonly<Record<string, string>> }, identity: Identity | undefined): string =>
    headerSession(request.headers) ?? identity?.session ?? DEFAULT_SESSION;

  const reset = async (session?: string) => stores.drop(session);
  const seed = async (session: string, name: string) => {
    const fixture = options.fixtures[name];
    if (!fixture) throw new Error(`no fixture ${name}`);
    let counts: Record<string, number> = {};
    await stores.replace(session, async (store) => {
      counts = await seedStore(store, fixture);
    });
    return counts;
  };

  const handler = createStatefulHandler({
    operations: options.services.operations,
    records: options.services.records,
    identities,
    responses,
    examples,
    scenarios,
    events,
    openSession,
    exclusive: (session, store, work) => stores.exclusive(session, store, work),
    publicUrl: options.publicUrl,
    log,
  });

  const contracts = new Map(
    (Object.entries(options.documents) as [Family, JsonObject][]).flatMap(([family, document]) =>
      listOperations(family, asBundledDocument(document)).map((operation) => [operation.operationId, operation] as const),
    ),
  );
  const host: ControlsHost = {
    mode: 'stateful',
    version: apiVersion(options.documents),
    operationIds: new Set(Object.keys(options.services.operations)),
    operation: (operationId) => contracts.get(operationId),
    fixtureNames: Object.keys(options.fixtures),
    sessions: () => stores.sessions(),
    reset,
    seed,
    dump: async (session) => (await openSession(session)).dump(),
    requestLog,
    scenarios,
    events,
  };

  // The hosted sign-in page signs in the member whose session token the browser brings, else the session's
  // default member; the code it grants is redeemed once by POST /oauth2/token.
  const issueCode = async (params: URLSearchParams): Promise<string> => {
    const fromToken = await identities.sessionTokenIdentity(params.get('session_token') ?? '');
    if (fromToken) return identities.code(fromToken);
    const session = params.get('mock_session');
    const named = session && SESSION_NAME.test(session) ? session : DEFAULT_SESSION;
    const memberId = await options.services.hostedSignInMember(await openSession(named));
    return identities.code({ role: 'member', id: memberId, session: named });
  };

  // The session a control names in its header must be well formed; the extra controls come first.
  const controls: MockPages = async (request, method, path, search) => {
    try {
      sessionInput(request.headers['x-mock-session'], 'x-mock-session');
    } catch (error) {
      const refusal = controlRefusal(error, request.requestId);
      if (refusal) return refusal;
      throw error;
    }
    return (await options.controls?.(request, method, path, search)) ?? (await serveControl(host, request, method, path, search));
  };

  const pipeline = assemblePipeline({
    documents: options.documents,
    compilers,
    responses,
    pages: createPagesStage({ mode: 'stateful', controls, issueCode }),
    identify: createIdentityStage({ identities, accessOf: (operationId) => options.services.operations[operationId]?.access, sessionOf }),
    handler,
    log,
    strict: options.strict,
    examples,
  });

  /** Records the call in its session's request log (not the controls': they are how the log is read). */
  const record = async (request: MockRequest, trace: Trace, status: number, started: number): Promise<void> => {
    const path = trace.path;
    if (path === undefined || path.startsWith(CONTROLS_PREFIX)) return;
    const entry = {
      requestId: request.requestId,
      time: new Date().toISOString(),
      method: request.method.toUpperCase(),
      path: path.slice(0, 500),
      operationId: trace.operationId ?? null,
      status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    };
    try {
      // The identity stage settled the session when the call got that far (no second token look-up).
      // A named session needs no look-up, which could fail where the answer did (shared state down).
      const session =
        trace.session ??
        headerSession(request.headers) ??
        sessionOf(request, await identities.fromAuthorization(request.headers.authorization, undefined));
      await requestLog.record(session, entry);
    } catch (error) {
      // The answer stands: a request log out of reach (shared state down) costs only its entry.
      log(`request log: ${request.requestId} not recorded: ${(error as Error)?.message ?? String(error)}`);
    }
  };

  return {
    async handle(request) {
      const started = performance.now();
      const trace: Trace = { settlesEffects: true };
      const response = await pipeline(request, trace);
      // The answer's events and its log entry are written together: one round trip when the state is shared.
      const [effects] = await Promise.allSettled([trace.effects, record(request, trace, response.status, started)]);
      if (effects.status === 'fulfilled') return response;
      return withRequestId(failureAnswer(effects.reason, request, trace, log), request.requestId);
    },
    events,
    requestLog,
    scenarios: judgedScenarios(scenarios, host),
    identities,
    session: async (name) => openSession(sessionInput(name, 'session') ?? DEFAULT_SESSION),
    // In process as over HTTP (POST /__mock/reset, /__mock/seed): a bad session name or an unknown fixture is
    // refused with the control's violations, never a silent no-op or a bare Error.
    reset: async (session) => reset(sessionInput(session, 'session')),
    seed: async (session, fixture) => {
      const judged = judgeSeed(host.fixtureNames, { fixture }, sessionInput(session, 'session'));
      return seed(judged.session, judged.fixture);
    },
  };
};
