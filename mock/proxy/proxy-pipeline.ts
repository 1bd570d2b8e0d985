// The proxy mode's pipeline: a real API behind the mock, every exchange checked against the contract and passed
// on unchanged. The request goes through the mock's own stages (target, controls, route, credentials, body,
// request validation) but is forwarded whatever they find, so a client still sees what the upstream says; the
// upstream's answer is checked by the same response validator as the mock's own answers (status declared, body
// against that status's schema, error code declared). The client gets the answer as sent plus the verdict header;
// the ledger keeps the full violations, and each is logged in one line. An unreachable upstream is a 502, a
// stalled one a 504, both in the platform's error body. Isomorphic: the forwarding itself is the Node side's.
import { fieldViolation, REQUEST_ID_HEADER } from '../../src/protocol';
import { applicationFailure } from '../errors/platform-error';
import type { Pipeline } from '../pipeline/pipeline';
import { failureAnswer, withRequestId } from '../pipeline/stages/answer';
import { readJsonBody } from '../pipeline/stages/body';
import { checkCredentials } from '../pipeline/stages/credentials';
import type { PagesStage } from '../pipeline/stages/pages';
import { validateRequest } from '../pipeline/stages/request-validation';
import type { RouteStage } from '../pipeline/stages/route';
import { readTarget } from '../pipeline/stages/target';
import type { MockRequest, MockResponse, TargetedRequest, Trace } from '../pipeline/types';
import { NOT_JSON, type ResponseValidator } from '../validation/response-validator';
import { VERDICT_HEADER, verdictHeader } from './verdict-header';
import type { SidedViolation, ViolationLedger } from './violation-ledger';

/** The upstream's answer as it arrived, with its body decoded for checking. */
export interface UpstreamAnswer {
  readonly kind: 'answer';
  readonly status: number;
  /** Without hop-by-hop headers and content-length: the adapter writes its own. */
  readonly headers: Readonly<Record<string, string>>;
  /** Headers the upstream sent more than once (`set-cookie`), each value kept apart. */
  readonly repeatedHeaders: Readonly<Record<string, readonly string[]>>;
  /** The body exactly as sent (still compressed, when it was). */
  readonly body: Uint8Array;
  /** The body's text once content-encoding is undone; undefined when it cannot be undone. */
  readonly text: string | undefined;
}

export type ForwardResult =
  | UpstreamAnswer
  | { readonly kind: 'unreachable'; readonly reason: string }
  | { readonly kind: 'timeout'; readonly afterMs: number };

/** Sends a request to the upstream: credentials untouched, `Host` the upstream's. */
export type Forwarder = (request: MockRequest) => Promise<ForwardResult>;

/** An exchange the proxy checked, for recording: the operation and the upstream's answer, parsed. */
export interface RecordedExchange {
  readonly operationId: string;
  readonly status: number;
  readonly body: unknown;
  /** Whether the answer kept its contract (only those are replayed). */
  readonly kept: boolean;
}

export interface ProxyPipelineOptions {
  readonly upstream: string;
  readonly pages: PagesStage;
  readonly route: RouteStage;
  readonly responses: ResponseValidator;
  readonly forward: Forwarder;
  readonly ledger: ViolationLedger;
  readonly record?: ((exchange: RecordedExchange) => void) | undefined;
  readonly log: (line: string) => void;
  /** Count the fields a request's contract does not declare as violations too (MOCK_STRICT). */
  readonly strict?: boolean | undefined;
}

const sided = (side: SidedViolation['side'], violations: readonly Omit<SidedViolation, 'side'>[]): SidedViolation[] =>
  violations.map((violation) => ({ ...violation, side }));

const violation = (
  side: SidedViolation['side'],
  field: string,
  description: string,
  rule: 'VALIDATION' | 'FORMAT' = 'VALIDATION',
): SidedViolation => ({ side, ...fieldViolation(field, description, rule) });

/** The violations a stage's refusal names: its field violations, else its description as one. */
const refusalViolations = (refusal: MockResponse): SidedViolation[] => {
  try {
    const body = JSON.parse(String(refusal.body)) as {
      details?: { validationError?: { fieldViolations?: SidedViolation[] }; applicationError?: { code?: string; description?: string } };
    };
    const fields = body.details?.validationError?.fieldViolations;
    if (fields) return sided('request', fields);
    return [violation('request', 'request', body.details?.applicationError?.description ?? `refused with ${refusal.status}`)];
  } catch {
    return [violation('request', 'request', `refused with ${refusal.status}`)];
  }
};

/** What the mock's stages find wrong with a request (nothing is refused: the upstream judges it), and its operation. */
const checkRequest = (
  targeted: TargetedRequest | MockResponse,
  stages: Pick<ProxyPipelineOptions, 'route' | 'strict'>,
  trace: Trace,
): { readonly operationId: string | undefined; readonly violations: SidedViolation[] } => {
  if ('status' in targeted) return { operationId: undefined, violations: refusalViolations(targeted) };
  const routed = stages.route(targeted, trace);
  if ('status' in routed) {
    const where = `${targeted.method} ${targeted.path.slice(0, 200)}`;
    return { operationId: undefined, violations: [violation('request', 'path', `${where} is no operation of the API (${routed.status})`)] };
  }
  const { operationId } = routed.operation;
  const violations: SidedViolation[] = [];
  const unauthenticated = checkCredentials(routed);
  if (unauthenticated) violations.push(...refusalViolations(unauthenticated));
  const parsed = readJsonBody(routed);
  if ('status' in parsed) return { operationId, violations: [...violations, ...refusalViolations(parsed)] };
  const validated = validateRequest(parsed, { strict: stages.strict === true });
  if ('status' in validated) violations.push(...refusalViolations(validated));
  return { operationId, violations };
};

const parseAnswer = (answer: UpstreamAnswer): unknown => {
  if (answer.text === undefined) return NOT_JSON;
  if (answer.text.trim() === '') return undefined;
  try {
    return JSON.parse(answer.text);
  } catch {
    return NOT_JSON;
  }
};

export const createProxyPipeline = (options: ProxyPipelineOptions): Pipeline => {
  const { pages, responses, forward, ledger, record, log, upstream } = options;

  const answer = async (request: MockRequest, trace: Trace): Promise<MockResponse> => {
    const targeted = readTarget(request);
    if (!('status' in targeted)) {
      const page = pages(targeted);
      if (page) return page;
    }
    const checked = checkRequest(targeted, options, trace);
    const operationId = checked.operationId ?? '-';
    const where = { operationId, method: request.method, path: trace.path ?? request.target.slice(0, 200) };
    const result = await forward(request);
    if (result.kind !== 'answer') {
      const gateway =
        result.kind === 'timeout'
          ? applicationFailure(
              { status: 504, code: 'UPSTREAM_TIMEOUT', description: `The upstream ${upstream} did not answer within ${result.afterMs} ms` },
              request.requestId,
            )
          : applicationFailure(
              { status: 502, code: 'UPSTREAM_UNREACHABLE', description: `The upstream ${upstream} failed: ${result.reason}` },
              request.requestId,
            );
      log(
        `${gateway.status} ${request.requestId} ${operationId} ${request.method} ${where.path}: ${result.kind === 'timeout' ? `no answer within ${result.afterMs} ms` : result.reason}`,
      );
      ledger.add({
        ...where,
        requestId: request.requestId,
        status: gateway.status,
        violations: checked.violations,
        gateway: result.kind,
        at: new Date().toISOString(),
      });
      return { ...gateway, headers: { ...gateway.headers, [VERDICT_HEADER]: verdictHeader(checked.violations, result.kind) } };
    }
    const body = parseAnswer(result);
    const undecodable = `cannot be decoded (content-encoding ${result.headers['content-encoding'] ?? '?'})`;
    const answerViolations =
      checked.operationId === undefined
        ? []
        : result.text === undefined
          ? [violation('answer', 'body', undecodable, 'FORMAT')]
          : sided('answer', responses.violations(checked.operationId, result.status, body));
    const violations = [...checked.violations, ...answerViolations];
    const requestId = result.headers[REQUEST_ID_HEADER] ?? request.requestId;
    for (const found of violations) {
      log(`contract ${requestId} ${operationId} ${result.status}: ${found.side} ${found.field} ${found.description}`);
    }
    ledger.add({ ...where, requestId, status: result.status, violations, at: new Date().toISOString() });
    if (record && checked.operationId !== undefined && body !== NOT_JSON) {
      record({ operationId: checked.operationId, status: result.status, body, kept: answerViolations.length === 0 });
    }
    return {
      status: result.status,
      headers: { ...result.headers, [VERDICT_HEADER]: verdictHeader(violations) },
      repeatedHeaders: result.repeatedHeaders,
      body: result.body,
    };
  };

  return async (request, trace = {}) => {
    try {
      return await answer(request, trace);
    } catch (error) {
      return withRequestId(failureAnswer(error, request, trace, log), request.requestId);
    }
  };
};
