// The contract verdict on an answer: its status must be declared by the operation, its body must match the
// schema declared for that status, and an application error's code must be one the operation declares for that
// status. The mock's own failure (a 5xx `INTERNAL`) is no answer of the operation at all: it is told apart, so a
// broken mock never reads as a kept contract. Violations are listed by field, in the platform's words.

import { declaredCodes } from '../../../../spec-model/declared-codes';
import type { Operation } from '../../../../spec-model/document';
import { declaredResponse } from '../../../../spec-model/responses';
import type { FieldViolation } from '../../../../src/index';
import type { WireExchange } from '../connection';
import type { FieldCheck } from './load-operation';

/** A way an answer breaks its contract: a field of its body, or a status, a body or a code the operation does not declare. */
export type VerdictViolation = Omit<FieldViolation, 'violatedRule'> & {
  readonly violatedRule?: FieldViolation['violatedRule'] | 'UNDECLARED_STATUS' | 'UNDECLARED_BODY' | 'UNDECLARED_CODE';
};

export interface ContractVerdict {
  readonly ok: boolean;
  /** What the answer was checked against: `the 200 response of listRecommendationAlgorithms`. */
  readonly against: string;
  readonly violations: readonly VerdictViolation[];
  /** Set when the answer is the mock's own failure: what the mock says went wrong. */
  readonly mockFailure?: string;
}

/** The code the mock gives its own failures (a service that threw, an answer that broke the contract). */
const MOCK_FAILURE_CODE = 'INTERNAL';
const CODE_FIELD = 'details.applicationError.code';

const applicationErrorOf = (body: unknown): { readonly code?: unknown; readonly description?: unknown } | undefined => {
  const details = typeof body === 'object' && body !== null ? (body as { details?: unknown }).details : undefined;
  const error = typeof details === 'object' && details !== null ? (details as { applicationError?: unknown }).applicationError : undefined;
  return typeof error === 'object' && error !== null ? (error as { code?: unknown; description?: unknown }) : undefined;
};

const parse = (text: string): { readonly ok: true; readonly body: unknown } | { readonly ok: false } => {
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

export const contractVerdict = (operation: Operation, exchange: WireExchange, check: FieldCheck): ContractVerdict => {
  const parsed = parse(exchange.responseText);
  const error = parsed.ok ? applicationErrorOf(parsed.body) : undefined;
  if (exchange.status >= 500 && error?.code === MOCK_FAILURE_CODE) {
    return {
      ok: false,
      against: `the mock's own failure, not an answer of ${operation.operationId}`,
      violations: [],
      mockFailure: typeof error.description === 'string' ? error.description : 'The mock failed while answering',
    };
  }
  const declared = declaredResponse(operation, exchange.status);
  if (!declared) {
    return {
      ok: false,
      against: `the responses ${operation.operationId} declares (${Object.keys(operation.responses).join(', ')})`,
      violations: [
        { field: 'status', description: `${exchange.status} is not a declared status`, violatedRule: 'UNDECLARED_STATUS', data: {} },
      ],
    };
  }
  const against = `the ${declared.key} response of ${operation.operationId}`;
  const schema = declared.json?.schema;
  if (!schema) {
    const violations: VerdictViolation[] = exchange.responseText.trim()
      ? [{ field: 'body', description: 'is not empty, but no JSON body is declared', violatedRule: 'UNDECLARED_BODY', data: {} }]
      : [];
    return { ok: violations.length === 0, against, violations };
  }
  if (!parsed.ok)
    return {
      ok: false,
      against,
      violations: [{ field: 'body', description: 'is not JSON', violatedRule: 'FORMAT', data: { type: 'JSON' } }],
    };
  const violations: VerdictViolation[] = check(schema, parsed.body, 'body');
  const code = error?.code;
  if (typeof code !== 'string') return { ok: violations.length === 0, against, violations };
  const codes = declaredCodes(operation, exchange.status) ?? [];
  if (codes.includes(code)) return { ok: violations.length === 0, against, violations };
  // The schema's own enumeration of the code says the same thing less plainly: one violation of the code is enough.
  const undeclared: VerdictViolation = {
    field: CODE_FIELD,
    description: `${code} is not a code ${operation.operationId} declares for ${exchange.status} (${codes.length > 0 ? `it declares ${codes.join(', ')}` : 'it declares none'})`,
    violatedRule: 'UNDECLARED_CODE',
    data: {},
  };
  return { ok: false, against, violations: [...violations.filter((violation) => violation.field !== CODE_FIELD), undeclared] };
};
