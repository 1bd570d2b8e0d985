// The control API under /__mock/ (README, QA section; the contract the explorer and webhook delivery build
// on): health, reset, seed, fixtures, the request log, scenarios, the state dump and the recorded events.
// Controls need no credentials; every failure is in the platform's error body, its inputs judged by control-input.ts.

import { declaredCodes } from '../../spec-model/declared-codes';
import type { Operation } from '../../spec-model/document';
import type { JsonObject } from '../../spec-model/json';
import { declaredResponse, declaredStatuses } from '../../spec-model/responses';
import { CONNECTION_FAULTS, FAMILIES, JSON_MEDIA_TYPE, REQUEST_ID_HEADER } from '../../src/protocol';
import { applicationFailure } from '../errors/platform-error';
import type { MockRequest, MockResponse } from '../pipeline/types';
import {
  checkControlInput,
  controlBody,
  controlRefusal,
  controlViolation,
  integerSchema,
  oneOfSchema,
  queryIntegerInput,
  sessionInput,
} from './control-input';
import type { RecordingEventSink } from './events';
import { DEFAULT_SESSION } from './identity';
import type { RequestLogStore } from './request-log';
import type { ForcedFailure, Scenario, ScenarioStore } from './scenarios';

export const CONTROLS_PREFIX = '/__mock/';

export interface ControlsHost {
  readonly mode: string;
  /** The API's version (both documents' info.version). */
  readonly version: string;
  readonly operationIds: ReadonlySet<string>;
  /** The contract of an operation, by operationId: what a forced failure of it may answer. */
  operation(operationId: string): Operation | undefined;
  readonly fixtureNames: readonly string[];
  sessions(): Promise<string[]>;
  /** Forgets one session's state or every session's; answers the names reset. */
  reset(session?: string): Promise<string[]>;
  seed(session: string, fixture: string): Promise<Record<string, number>>;
  dump(session: string): Promise<Record<string, unknown[]>>;
  readonly requestLog: RequestLogStore;
  readonly scenarios: ScenarioStore;
  readonly events: RecordingEventSink;
}

const json = (body: unknown, requestId: string, status = 200): MockResponse => ({
  status,
  headers: { 'content-type': JSON_MEDIA_TYPE, [REQUEST_ID_HEADER]: requestId, 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

/** A forced failure: `{ status, code?, description?, retryAfterSeconds?, times? }` or `{ fault, times? }`. */
const FAILURE_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    status: { type: 'integer', minimum: 400, maximum: 599 },
    fault: { enum: [...CONNECTION_FAULTS] },
    retryAfterSeconds: { type: 'integer', minimum: 0, maximum: 86_400 },
    // The platform's spellings: UPPER_SNAKE, the identity service's negative numbers, OAuth's lower_snake errors.
    code: { type: 'string', pattern: '^([A-Z][A-Z0-9_]{0,99}|-[1-9][0-9]{0,9}|[a-z]+(_[a-z]+){1,9})$' },
    description: { type: 'string', maxLength: 1000 },
    times: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  },
};

/**
 * A forced failure as the operation could answer it: a status it declares, a code it declares for that status
 * (the first of them when none is given); a code is free only where the status leaves it open.
 */
const declaredFailure = (operation: Operation, failure: ForcedFailure): ForcedFailure => {
  const { operationId } = operation;
  if (failure.status === undefined) {
    if (failure.fault === undefined) throw controlViolation('failure.status', 'REQUIRED_FIELD', 'is required');
    if (failure.code !== undefined || failure.retryAfterSeconds !== undefined)
      throw controlViolation('failure.fault', 'VALIDATION', 'a connection fault has no status, code or Retry-After');
    return failure;
  }
  if (failure.fault !== undefined) throw controlViolation('failure.fault', 'VALIDATION', 'give a status or a connection fault, not both');
  if (!declaredResponse(operation, failure.status)) {
    const statuses = declaredStatuses(operation).filter((status) => status >= 400);
    throw controlViolation(
      'failure.status',
      'INVALID_ENUM_VALUE',
      `${failure.status} is not a status ${operationId} declares; it declares ${statuses.join(', ')}`,
    );
  }
  const codes = declaredCodes(operation, failure.status);
  if (!codes || codes.length === 0) return failure;
  if (failure.code === undefined) return { ...failure, code: codes[0] as string };
  if (!codes.includes(failure.code))
    throw controlViolation(
      'failure.code',
      'INVALID_ENUM_VALUE',
      `${failure.code} is not a code ${operationId} declares for ${failure.status}; it declares ${codes.join(', ')}`,
    );
  return failure;
};

const failureOf = (value: unknown, operation: Operation | undefined): ForcedFailure | undefined => {
  if (value === undefined) return undefined;
  const failure = checkControlInput<ForcedFailure>(FAILURE_SCHEMA, value, 'failure');
  if (failure.status === undefined && failure.fault === undefined)
    throw controlViolation('failure.status', 'REQUIRED_FIELD', 'is required');
  return operation ? declaredFailure(operation, failure) : failure;
};

type OperationsHost = Pick<ControlsHost, 'operationIds' | 'operation'>;

/** A scenario as PUT /__mock/scenarios/{operationId} judges it: an operation of the API, a failure it declares. */
export const judgeScenario = (
  host: OperationsHost,
  operationId: string,
  body: { readonly latencyMs?: unknown; readonly failure?: unknown },
  session: string,
): Scenario => {
  if (!host.operationIds.has(operationId))
    throw controlViolation('operationId', 'INVALID_ENUM_VALUE', `${operationId.slice(0, 100)} is not an operation of the API`);
  const latencyMs =
    body.latencyMs === undefined ? undefined : checkControlInput<number>(integerSchema(0, 60_000), body.latencyMs, 'latencyMs');
  const failure = failureOf(body.failure, host.operation(operationId));
  if (latencyMs === undefined && failure === undefined)
    throw controlViolation('body', 'REQUIRED_ONE_OF_FIELD', 'needs latencyMs or failure');
  return { operationId, session, ...(latencyMs !== undefined && { latencyMs }), ...(failure && { failure }) };
};

/** A seed as POST /__mock/seed judges it: a fixture of this mock, a session name (the default when none). */
export const judgeSeed = (
  fixtureNames: readonly string[],
  body: { readonly fixture?: unknown },
  session: string | undefined,
): { readonly session: string; readonly fixture: string } => {
  const { fixture } = checkControlInput<{ fixture: string }>(oneOfSchema('fixture', fixtureNames), body, '');
  return { session: session ?? DEFAULT_SESSION, fixture };
};

/** The scenario store handed out in process (`engine.scenarios`): `set` judges its input as the HTTP control does. */
export const judgedScenarios = (store: ScenarioStore, host: OperationsHost): ScenarioStore => ({
  set: async (scenario) =>
    store.set(judgeScenario(host, String(scenario.operationId), scenario, sessionInput(scenario.session, 'session') ?? DEFAULT_SESSION)),
  take: (session, operationId) => store.take(session, operationId),
  list: (session) => store.list(session),
  clear: (session) => store.clear(session),
});

/** The answer of a control call, or undefined when the path is not a control (the caller answers 404). */
export const serveControl = async (
  host: ControlsHost,
  request: MockRequest,
  method: string,
  path: string,
  search: URLSearchParams,
): Promise<MockResponse | undefined> => {
  const { requestId } = request;
  const name = path.slice(CONTROLS_PREFIX.length);
  const headerSession = request.headers['x-mock-session'];
  try {
    const fromQuery = () => sessionInput(search.get('session') ?? undefined, 'session') ?? sessionInput(headerSession, 'x-mock-session');
    if (method === 'GET' && name === 'health') {
      return json({ mode: host.mode, version: host.version, families: FAMILIES, sessions: await host.sessions() }, requestId);
    }
    if (method === 'GET' && name === 'fixtures') return json({ fixtures: host.fixtureNames }, requestId);
    if (method === 'POST' && name === 'reset') {
      const body = controlBody(request);
      const session = sessionInput(body.session, 'session') ?? sessionInput(headerSession, 'x-mock-session');
      const reset = await host.reset(session);
      await Promise.all([host.requestLog.clear(session), host.events.clear(session), host.scenarios.clear(session)]);
      return json({ reset }, requestId);
    }
    if (method === 'POST' && name === 'seed') {
      const body = controlBody(request);
      const { session, fixture } = judgeSeed(
        host.fixtureNames,
        body,
        sessionInput(body.session, 'session') ?? sessionInput(headerSession, 'x-mock-session'),
      );
      const counts = await host.seed(session, fixture);
      return json({ session, fixture, counts }, requestId);
    }
    if (method === 'GET' && name === 'requests') {
      const session = fromQuery() ?? DEFAULT_SESSION;
      const operationId = search.get('operationId') ?? undefined;
      const limit = queryIntegerInput(search.get('limit'), 'limit', 1, 1000);
      return json(
        { requests: await host.requestLog.list(session, { ...(operationId && { operationId }), ...(limit && { limit }) }) },
        requestId,
      );
    }
    if (method === 'PUT' && name.startsWith('scenarios/')) {
      const body = controlBody(request);
      const session = sessionInput(body.session, 'session') ?? sessionInput(headerSession, 'x-mock-session') ?? DEFAULT_SESSION;
      const scenario = await host.scenarios.set(judgeScenario(host, decodeURIComponent(name.slice('scenarios/'.length)), body, session));
      return json({ scenario }, requestId);
    }
    if (method === 'DELETE' && name === 'scenarios') return json({ cleared: await host.scenarios.clear(fromQuery()) }, requestId);
    if (method === 'GET' && name === 'state') {
      const session = fromQuery() ?? DEFAULT_SESSION;
      return json({ session, collections: await host.dump(session) }, requestId);
    }
    if (method === 'GET' && name === 'events') {
      const session = fromQuery() ?? DEFAULT_SESSION;
      const limit = queryIntegerInput(search.get('limit'), 'limit', 1, 1000);
      return json({ events: await host.events.list(session, limit) }, requestId);
    }
  } catch (error) {
    const refusal = controlRefusal(error, requestId);
    if (refusal) return refusal;
    throw error;
  }
  return undefined;
};

/** The 404 of a path under /__mock/ that is no control of this mode. */
export const noSuchControl = (method: string, path: string, mode: string, requestId: string): MockResponse =>
  applicationFailure(
    { status: 404, code: 'NOT_FOUND', description: `No mock control at ${method} ${path.slice(0, 200)} in ${mode} mode` },
    requestId,
  );
