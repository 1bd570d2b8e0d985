// Static and dynamic modes: Prism's mocker, in-process, answers a validated request from the operation's
// examples (static) or from its schemas (dynamic), honouring `Prefer`. Sign-in scenarios pick the example of
// login, register and token calls, and redirect sessions lead to the mock's own sign-in pages.
import { mockRedirectUrl, preferForAuth } from '../auth-scenarios';
import { applicationFailure, validationFailure } from '../errors/platform-error';
import type { MockResponse, OperationHandler, ValidatedRequest } from '../pipeline/types';
import { DEFAULT_DYNAMIC_SEED } from './dynamic-bounds';
import type { PrismLibrary, PrismLogger, PrismProblem, PrismResponse } from './load-prism';
import { parsePrefer } from '../pipeline/prefer-header';

export type PrismMode = 'static' | 'dynamic';

export interface PrismHandlerOptions {
  readonly prism: PrismLibrary;
  /** Prism's operations by operationId, both families. */
  readonly resources: ReadonlyMap<string, unknown>;
  readonly mode: PrismMode;
  /** Where the mock is reached (known once it listens): the base of the sign-in pages a redirect session leads to. */
  readonly publicUrl: () => string;
}

// Prism logs every step through pino; the mock logs what it needs itself.
const silentLogger: PrismLogger = new Proxy({} as PrismLogger, {
  get: (_target, name) => (name === 'child' ? () => silentLogger : () => undefined),
});

/** Prism's own failures (`Prefer: code=` not declared, no example...) in the platform's body. */
const problemAnswer = (problem: PrismProblem, requestId: string): MockResponse => {
  const status = problem.status !== undefined && problem.status >= 400 && problem.status < 500 ? problem.status : 500;
  const code = problem.name.includes('#') ? problem.name.split('#').pop() : undefined;
  return applicationFailure({ status, ...(code && { code }), description: problem.detail || problem.message }, requestId);
};

const serialize = (response: PrismResponse): { body: string; type: string | undefined } => {
  const type = Object.entries(response.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (response.body === undefined) return { body: '', type };
  if (typeof response.body === 'string' && type && !type.includes('json')) return { body: response.body, type };
  return { body: JSON.stringify(response.body), type: type ?? 'application/json' };
};

/** A redirect session's answer, with authorize and logout URLs on the mock's own pages. */
const withMockRedirect = (body: string, publicUrl: string, requestBody: unknown): string => {
  const fullUrl = mockRedirectUrl(publicUrl, requestBody);
  if (!fullUrl) return body;
  const answer = JSON.parse(body) as { redirectSession?: { fullUrl?: string; urlDetails?: { endpoint?: string } } };
  if (!answer.redirectSession) return body;
  answer.redirectSession.fullUrl = fullUrl;
  if (answer.redirectSession.urlDetails) answer.redirectSession.urlDetails.endpoint = fullUrl.split('?')[0];
  return JSON.stringify(answer);
};

export const createPrismHandler = ({ prism, resources, mode, publicUrl }: PrismHandlerOptions): OperationHandler => ({
  async handle(request: ValidatedRequest): Promise<MockResponse> {
    const { operation, raw } = request;
    const resource = resources.get(operation.operationId);
    if (!resource) throw new Error(`Prism has no operation ${operation.operationId}`);
    const asked = raw.headers.prefer;
    const preferred = parsePrefer(asked ?? preferForAuth(operation.path, request.body));
    if (!preferred.ok) return validationFailure([preferred.violation], raw.requestId);
    const { code, example, dynamic, seed } = preferred.preferences;
    const result = prism.mock({
      resource,
      input: { data: { method: operation.method.toLowerCase(), url: { path: raw.target.split('?')[0] ?? '/' }, headers: {}, body: request.body }, validations: [] },
      config: {
        dynamic: dynamic ?? mode === 'dynamic',
        ...(code !== undefined && { code }),
        ...(example !== undefined && { exampleKey: example }),
        seed: seed ?? DEFAULT_DYNAMIC_SEED,
      },
    })(silentLogger);
    if (result._tag === 'Left') return problemAnswer(result.left, raw.requestId);
    const answer = result.right;
    const { body, type } = serialize(answer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers ?? {})) {
      const lower = name.toLowerCase();
      if (lower !== 'content-length' && lower !== 'content-type') headers[lower] = String(value);
    }
    if (type) headers['content-type'] = type;
    const redirected = operation.path === '/v1/redirect-session' && answer.statusCode < 300 && body ? withMockRedirect(body, publicUrl(), request.body) : body;
    return { status: answer.statusCode, headers, body: redirected };
  },
});
