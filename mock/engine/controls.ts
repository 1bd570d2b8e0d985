// The control API under /__mock/ (README, QA section; the contract the explorer and webhook delivery build
// on): health, reset, seed, fixtures, the request log, scenarios, the state dump and the recorded events.
// Controls need no credentials; every failure is in the platform's error body.
import { FAMILIES, JSON_MEDIA_TYPE, REQUEST_ID_HEADER } from '../../src/protocol';
import { applicationFailure, validationFailure } from '../errors/platform-error';
import { parseJsonText } from '../pipeline/parse-json';
import type { MockRequest, MockResponse } from '../pipeline/types';
import type { RecordingEventSink } from './events';
import { DEFAULT_SESSION, SESSION_NAME } from './identity';
import type { RequestLogStore } from './request-log';
import type { ForcedFailure, ScenarioStore } from './scenarios';

export const CONTROLS_PREFIX = '/__mock/';

export interface ControlsHost {
  readonly mode: string;
  readonly operationIds: ReadonlySet<string>;
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

class ControlError extends Error {
  constructor(
    readonly field: string,
    readonly description: string,
  ) {
    super(`${field} ${description}`);
  }
}

const bad = (field: string, description: string): never => {
  throw new ControlError(field, description);
};

const sessionName = (value: unknown, field: string): string | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !SESSION_NAME.test(value)) return bad(field, 'must be 1 to 100 letters, digits or ._:-');
  return value;
};

const integerIn = (value: unknown, field: string, min: number, max: number): number | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return bad(field, `must be an integer from ${min} to ${max}`);
  return value;
};

const queryInteger = (text: string | null, field: string, min: number, max: number): number | undefined =>
  text === null ? undefined : integerIn(/^\d+$/.test(text) ? Number(text) : Number.NaN, field, min, max);

const readBody = (request: MockRequest): Record<string, unknown> => {
  if (request.body.length === 0) return {};
  const parsed = parseJsonText(new TextDecoder().decode(request.body));
  if (!parsed.ok) return bad('body', parsed.reason);
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) return bad('body', 'must be a JSON object');
  return parsed.value as Record<string, unknown>;
};

const failureOf = (value: unknown): ForcedFailure | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return bad('failure', 'must be an object { status, code?, description?, times? }');
  const given = value as Record<string, unknown>;
  const status = integerIn(given.status, 'failure.status', 400, 599) ?? bad('failure.status', 'is required');
  if (given.code !== undefined && (typeof given.code !== 'string' || !/^[A-Z][A-Z0-9_]{0,99}$/.test(given.code)))
    bad('failure.code', 'must be CONSTANT_CASE, at most 100 characters');
  if (given.description !== undefined && (typeof given.description !== 'string' || given.description.length > 1000))
    bad('failure.description', 'must be text of at most 1000 characters');
  const times = integerIn(given.times, 'failure.times', 1, 1_000_000);
  return {
    status,
    ...(typeof given.code === 'string' && { code: given.code }),
    ...(typeof given.description === 'string' && { description: given.description }),
    ...(times !== undefined && { times }),
  };
};

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
    const fromQuery = () => sessionName(search.get('session') ?? undefined, 'session') ?? sessionName(headerSession, 'x-mock-session');
    if (method === 'GET' && name === 'health') {
      return json({ mode: host.mode, families: FAMILIES, sessions: await host.sessions() }, requestId);
    }
    if (method === 'GET' && name === 'fixtures') return json({ fixtures: host.fixtureNames }, requestId);
    if (method === 'POST' && name === 'reset') {
      const body = readBody(request);
      const session = sessionName(body.session, 'session') ?? sessionName(headerSession, 'x-mock-session');
      const reset = await host.reset(session);
      await Promise.all([host.requestLog.clear(session), host.events.clear(session), host.scenarios.clear(session)]);
      return json({ reset }, requestId);
    }
    if (method === 'POST' && name === 'seed') {
      const body = readBody(request);
      const session = sessionName(body.session, 'session') ?? sessionName(headerSession, 'x-mock-session') ?? DEFAULT_SESSION;
      const fixture =
        typeof body.fixture === 'string' ? body.fixture : bad('fixture', `is required: one of ${host.fixtureNames.join(', ')}`);
      if (!host.fixtureNames.includes(fixture)) bad('fixture', `must be one of ${host.fixtureNames.join(', ')}`);
      const counts = await host.seed(session, fixture);
      return json({ session, fixture, counts }, requestId);
    }
    if (method === 'GET' && name === 'requests') {
      const session = fromQuery() ?? DEFAULT_SESSION;
      const operationId = search.get('operationId') ?? undefined;
      const limit = queryInteger(search.get('limit'), 'limit', 1, 1000);
      return json(
        { requests: await host.requestLog.list(session, { ...(operationId && { operationId }), ...(limit && { limit }) }) },
        requestId,
      );
    }
    if (method === 'PUT' && name.startsWith('scenarios/')) {
      const operationId = decodeURIComponent(name.slice('scenarios/'.length));
      if (!host.operationIds.has(operationId)) bad('operationId', `${operationId.slice(0, 100)} is not an operation of the API`);
      const body = readBody(request);
      const session = sessionName(body.session, 'session') ?? sessionName(headerSession, 'x-mock-session') ?? DEFAULT_SESSION;
      const latencyMs = integerIn(body.latencyMs, 'latencyMs', 0, 60_000);
      const failure = failureOf(body.failure);
      if (latencyMs === undefined && failure === undefined) bad('body', 'needs latencyMs or failure');
      const scenario = await host.scenarios.set({
        operationId,
        session,
        ...(latencyMs !== undefined && { latencyMs }),
        ...(failure && { failure }),
      });
      return json({ scenario }, requestId);
    }
    if (method === 'DELETE' && name === 'scenarios') return json({ cleared: await host.scenarios.clear(fromQuery()) }, requestId);
    if (method === 'GET' && name === 'state') {
      const session = fromQuery() ?? DEFAULT_SESSION;
      return json({ session, collections: await host.dump(session) }, requestId);
    }
    if (method === 'GET' && name === 'events') {
      const session = fromQuery() ?? DEFAULT_SESSION;
      const limit = queryInteger(search.get('limit'), 'limit', 1, 1000);
      return json({ events: await host.events.list(session, limit) }, requestId);
    }
  } catch (error) {
    if (error instanceof ControlError) {
      return validationFailure(
        [{ field: error.field, description: error.description, violatedRule: 'VALIDATION', ruleName: 'VALIDATION' }],
        requestId,
      );
    }
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
