// Static and dynamic modes: Prism's mocker, in-process, answers a validated request from the operation's
// examples (static) or from its schemas (dynamic), honouring `Prefer`. Sign-in scenarios pick the example of
// login, register and token calls, and redirect sessions lead to the mock's own sign-in pages. Its answers go
// on to the pipeline's answer check, as the engine's do.

import { JSON_MEDIA_TYPE } from '../../src/protocol';
import { mockRedirectUrl, preferForAuth } from '../auth-scenarios';
import { applicationFailure } from '../errors/platform-error';
import type { PrismMode } from '../modes';
import { parsePrefer } from '../pipeline/prefer-header';
import type { HandlerResult, OperationHandler } from '../pipeline/stages/handler';
import type { MockResponse, ValidatedRequest } from '../pipeline/types';
import { DEFAULT_DYNAMIC_SEED } from './dynamic-bounds';
import type { PrismLibrary, PrismLogger, PrismProblem, PrismResponse } from './load-prism';

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

const contentType = (response: PrismResponse): string | undefined =>
  Object.entries(response.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];

/** A redirect session's answer, with authorize and logout URLs on the mock's own pages (a copy: Prism's example stays as it is). */
const withMockRedirect = (body: unknown, publicUrl: string, requestBody: unknown): unknown => {
  const fullUrl = mockRedirectUrl(publicUrl, requestBody);
  if (!fullUrl) return body;
  const answer = JSON.parse(JSON.stringify(body)) as { redirectSession?: { fullUrl?: string; urlDetails?: { endpoint?: string } } };
  if (!answer.redirectSession) return body;
  answer.redirectSession.fullUrl = fullUrl;
  if (answer.redirectSession.urlDetails) answer.redirectSession.urlDetails.endpoint = fullUrl.split('?')[0];
  return answer;
};

export const createPrismHandler = ({ prism, resources, mode, publicUrl }: PrismHandlerOptions): OperationHandler => ({
  async handle(request: ValidatedRequest): Promise<HandlerResult> {
    const { operation, raw } = request;
    const resource = resources.get(operation.operationId);
    if (!resource) throw new Error(`Prism has no operation ${operation.operationId}`);
    // A request naming no `Prefer` itself gets the sign-in scenario's, a header the mock writes (always readable).
    const scenario = raw.headers.prefer === undefined ? parsePrefer(preferForAuth(operation.path, request.body)) : undefined;
    const { code, example, dynamic, seed } = scenario?.ok ? scenario.preferences : request.preferences;
    const generated = dynamic ?? mode === 'dynamic';
    const result = prism.mock({
      resource,
      input: {
        data: { method: operation.method.toLowerCase(), url: { path: raw.target.split('?')[0] ?? '/' }, headers: {}, body: request.body },
        validations: [],
      },
      config: {
        dynamic: generated,
        ...(code !== undefined && { code }),
        ...(example !== undefined && { exampleKey: example }),
        seed: seed ?? DEFAULT_DYNAMIC_SEED,
      },
    })(silentLogger);
    if (result._tag === 'Left') return problemAnswer(result.left, raw.requestId);
    const answer = result.right;
    const type = contentType(answer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers ?? {})) {
      const lower = name.toLowerCase();
      if (lower !== 'content-length' && lower !== 'content-type') headers[lower] = String(value);
    }
    if (answer.body === undefined) {
      if (type) headers['content-type'] = type;
      return { kind: 'answer', status: answer.statusCode, body: undefined, headers, generated };
    }
    // A text answer of another media type is sent as Prism gives it; everything else is JSON.
    const asText = typeof answer.body === 'string' && type !== undefined && !type.includes('json');
    headers['content-type'] = type ?? JSON_MEDIA_TYPE;
    const redirected =
      !asText && operation.path === '/v1/redirect-session' && answer.statusCode < 300
        ? withMockRedirect(answer.body, publicUrl(), request.body)
        : answer.body;
    // A generated body that breaks the contract is logged by the answer check and still served (see answer-check.ts).
    return {
      kind: 'answer',
      status: answer.statusCode,
      body: redirected,
      headers,
      text: asText ? (answer.body as string) : JSON.stringify(redirected),
      generated,
    };
  },
});
