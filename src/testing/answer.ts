// answer(operation, spec): an MSW handler answering that one operation (its method and path template, any origin
// unless a base URL is given) with a success body, an application error in the platform's body, a gateway answer,
// latency or a connection fault. The spec is judged against the contract when the handler is built: a status the
// operation does not declare, a code its status does not declare or a body its schema refuses throws then,
// naming each field and rule, so a test never serves what the platform cannot send.
import { type HttpHandler, http } from 'msw';
import { declaredCodes } from '../../spec-model/declared-codes';
import { jsonContent, type Operation } from '../../spec-model/document';
import { firstExample } from '../../spec-model/examples';
import { declaredStatuses } from '../../spec-model/responses';
import {
  applicationErrorBody,
  CONNECTION_FAULTS,
  type ConnectionFault,
  codeOfStatus,
  connectionFaultResponse,
  DEFAULT_RETRY_AFTER_SECONDS,
  type FieldViolation,
  fieldViolation,
  isConnectionFault,
  JSON_MEDIA_TYPE,
  newRequestId,
  REQUEST_ID_HEADER,
  RETRY_AFTER_STATUSES,
} from '../protocol';
import type { AnswerableOperation, AnswerSpec, LooseAnswerSpec } from './answer-types';
import { answerViolations, ContractViolation, contractOperation } from './contract';

export interface AnswerOptions {
  /** The base URL the app's client calls (its `baseUrl`); default: any origin, so the handler fits every client. */
  readonly baseUrl?: string;
}

/** An answer judged and ready to send: what every matching request gets. */
export interface PreparedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
  readonly fault?: ConnectionFault;
  readonly latency: number;
}

const SPEC_FIELDS = new Set(['status', 'body', 'code', 'description', 'data', 'retryAfterSeconds', 'latency', 'headers', 'fault']);
const ERROR_ONLY = ['code', 'description', 'data', 'retryAfterSeconds'] as const;

const refuse = (operation: Operation, violations: FieldViolation[]): never => {
  throw new ContractViolation(`answer(${operation.operationId}, …)`, violations);
};

const isSuccess = (status: number) => status >= 200 && status < 400;

/** The spec, judged against the operation's contract; throws a ContractViolation listing what is wrong. */
export const prepareAnswer = (operationFunction: AnswerableOperation, spec: LooseAnswerSpec): PreparedAnswer => {
  const operation = contractOperation(operationFunction?.meta);
  const id = operation.operationId;
  const violations: FieldViolation[] = [];
  for (const key of Object.keys(spec ?? {}))
    if (!SPEC_FIELDS.has(key))
      violations.push(fieldViolation(key, `is not a field of an answer: use ${[...SPEC_FIELDS].join(', ')}`, 'FIELD_NOT_ALLOWED'));
  const latency = spec?.latency ?? 0;
  if (typeof latency !== 'number' || !Number.isFinite(latency) || latency < 0)
    violations.push(fieldViolation('latency', 'must be a number of milliseconds, 0 or more', 'MIN', { threshold: 0 }));
  if (spec?.fault !== undefined && !isConnectionFault(spec.fault))
    violations.push(fieldViolation('fault', `must be one of ${CONNECTION_FAULTS.join(', ')}`, 'INVALID_ENUM_VALUE'));
  const statuses = declaredStatuses(operation);
  const status = spec?.status ?? statuses.find(isSuccess);
  if (status === undefined || !statuses.includes(status)) {
    violations.push(
      fieldViolation('status', `${id} declares no ${status ?? 'success'} answer: it declares ${statuses.join(', ')}`, 'INVALID_ENUM_VALUE'),
    );
    return refuse(operation, violations);
  }
  const media = jsonContent(operation.responses[String(status)]);
  const headers: Record<string, string> = { ...(media && { 'content-type': JSON_MEDIA_TYPE }) };
  let body: unknown;
  if (isSuccess(status)) {
    for (const key of ERROR_ONLY)
      if (spec[key] !== undefined)
        violations.push(fieldViolation(key, `belongs to a failure: ${id} answers ${status} with its body`, 'FIELD_NOT_ALLOWED'));
    body = spec.body !== undefined ? spec.body : firstExample(media);
    if (body !== undefined && !media?.schema)
      violations.push(fieldViolation('body', `${id} answers ${status} with no body`, 'FIELD_NOT_ALLOWED'));
  } else {
    if (spec.fault !== undefined)
      violations.push(fieldViolation('fault', 'a connection fault replaces a success answer, not a failure', 'FIELD_NOT_ALLOWED'));
    if (spec.body !== undefined)
      violations.push(
        fieldViolation('body', 'a failure is the platform error body built from code, description and data', 'FIELD_NOT_ALLOWED'),
      );
    const codes = declaredCodes(operation, status);
    const code = spec.code ?? (codes?.length === 1 ? codes[0] : codeOfStatus(status)) ?? codeOfStatus(status);
    if (codes && !codes.includes(code))
      violations.push(fieldViolation('code', `${id} declares for ${status}: ${codes.join(', ')}`, 'INVALID_ENUM_VALUE'));
    if (spec.retryAfterSeconds !== undefined && !RETRY_AFTER_STATUSES.has(status))
      violations.push(
        fieldViolation('retryAfterSeconds', `only a ${[...RETRY_AFTER_STATUSES].join(' or ')} carries Retry-After`, 'FIELD_NOT_ALLOWED'),
      );
    if (RETRY_AFTER_STATUSES.has(status)) headers['retry-after'] = String(spec.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
    body = applicationErrorBody({
      status,
      code,
      description: spec.description ?? `${id} answered ${status} ${code} by answer() in a test`,
      ...(spec.data && { data: { ...spec.data } }),
    });
  }
  if (body !== undefined && media?.schema) violations.push(...answerViolations(operation.family, media.schema, body, 'body'));
  if (violations.length > 0) refuse(operation, violations);
  return {
    status,
    headers: { ...headers, ...spec.headers },
    body: body === undefined ? null : JSON.stringify(body),
    ...(spec.fault !== undefined && { fault: spec.fault as ConnectionFault }),
    latency,
  };
};

// MSW's path parameters are words: `{checkout.id}` becomes `:checkout_id`.
const mswPath = (template: string): string => template.replace(/\{([^}]+)\}/g, (_match, name: string) => `:${name.replace(/\W/g, '_')}`);

const HANDLERS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

const wait = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * An MSW handler for one operation: `server.use(answer(getCurrentCart, { status: 404, code: 'OWNED_CART_NOT_FOUND' }))`.
 * Throws a ContractViolation when the spec breaks the operation's contract.
 */
export const answer = <F extends AnswerableOperation>(operation: F, spec: AnswerSpec<F>, options: AnswerOptions = {}): HttpHandler => {
  const prepared = prepareAnswer(operation, spec as LooseAnswerSpec);
  const { method, path } = operation.meta;
  const route = HANDLERS[method as keyof typeof HANDLERS];
  const base = options.baseUrl === undefined ? '*' : options.baseUrl.replace(/\/+$/, '');
  return route(`${base}${mswPath(path)}`, async ({ request }) => {
    if (prepared.latency > 0) await wait(prepared.latency, request.signal);
    const headers = { ...prepared.headers, [REQUEST_ID_HEADER]: newRequestId() };
    if (prepared.fault) return connectionFaultResponse(prepared.fault, prepared.status, headers, prepared.body ?? '', request.signal);
    return new Response(prepared.body, { status: prepared.status, headers });
  });
};
