// The proxy mode's pipeline: a real API behind the mock, every exchange checked against the contract and passed
// on unchanged. The request goes through the mock's own stages, in their declared order (pipeline/stage-order.ts),
// under the `record` policy: it is forwarded whatever the checks find, so a client still sees what the upstream says; the
// upstream's answer is checked by the same response validator as the mock's own answers (status declared, body
// against that status's schema, error code declared). The client gets the answer as sent plus the verdict header;
// the ledger keeps the full violations, and each is logged in one line. An unreachable upstream is a 502, a
// stalled one a 504, both in the platform's error body. Isomorphic: the forwarding itself is the Node side's.
import { fieldViolation, REQUEST_ID_HEADER } from '../../src/protocol';
import { applicationFailure } from '../errors/platform-error';
import { createPipeline, type Forwarding, type Pipeline } from '../pipeline/pipeline';
import type { PagesStage } from '../pipeline/stages/pages';
import { createRequestValidationStage } from '../pipeline/stages/request-validation';
import type { RouteStage } from '../pipeline/stages/route';
import type { MockRequest, MockResponse, Trace } from '../pipeline/types';
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
  const { pages, route, responses, forward, ledger, record, log, upstream } = options;

  const open = (request: MockRequest, trace: Trace): Forwarding => {
    const requestViolations: SidedViolation[] = [];
    let unrouted = false;
    return {
      refused(stage, refusal) {
        if (stage === 'target') unrouted = true;
        if (stage === 'route') {
          unrouted = true;
          const where = `${request.method.toUpperCase()} ${(trace.path ?? '').slice(0, 200)}`;
          requestViolations.push(violation('request', 'path', `${where} is no operation of the API (${refusal.status})`));
          return;
        }
        requestViolations.push(...refusalViolations(refusal));
      },
      forward: () => forwardChecked(request, unrouted ? undefined : trace.operationId, requestViolations),
    };
  };

  const forwardChecked = async (
    request: MockRequest,
    checkedOperationId: string | undefined,
    requestViolations: readonly SidedViolation[],
  ): Promise<MockResponse> => {
    const operationId = checkedOperationId ?? '-';
    const where = { operationId, method: request.method, path: request.target.slice(0, 200) };
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
        violations: [...requestViolations],
        gateway: result.kind,
        at: new Date().toISOString(),
      });
      return { ...gateway, headers: { ...gateway.headers, [VERDICT_HEADER]: verdictHeader(requestViolations, result.kind) } };
    }
    const body = parseAnswer(result);
    const undecodable = `cannot be decoded (content-encoding ${result.headers['content-encoding'] ?? '?'})`;
    const answerViolations =
      checkedOperationId === undefined
        ? []
        : result.text === undefined
          ? [violation('answer', 'body', undecodable, 'FORMAT')]
          : sided('answer', responses.violations(checkedOperationId, result.status, body));
    const violations = [...requestViolations, ...answerViolations];
    const requestId = result.headers[REQUEST_ID_HEADER] ?? request.requestId;
    for (const found of violations) {
      log(`contract ${requestId} ${operationId} ${result.status}: ${found.side} ${found.field} ${found.description}`);
    }
    ledger.add({ ...where, requestId, status: result.status, violations, at: new Date().toISOString() });
    if (record && checkedOperationId !== undefined && body !== NOT_JSON) {
      record({ operationId: checkedOperationId, status: result.status, body, kept: answerViolations.length === 0 });
    }
    return {
      status: result.status,
      headers: { ...result.headers, [VERDICT_HEADER]: verdictHeader(violations) },
      repeatedHeaders: result.repeatedHeaders,
      body: result.body,
    };
  };

  return createPipeline({
    pages,
    route,
    validate: createRequestValidationStage({ strict: options.strict === true }),
    policy: { kind: 'record', open },
    log,
  });
};
