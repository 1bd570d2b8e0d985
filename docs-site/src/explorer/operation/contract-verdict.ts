// The contract verdict on an answer: its status must be declared by the operation, and its body must match the
// schema declared for that status. Violations are listed by field, in the platform's words.
import type { Operation } from '../../../../spec-model/document';
import { declaredResponse } from '../../../../spec-model/responses';
import type { FieldViolation } from '../../../../src/index';
import type { WireExchange } from '../connection';
import type { FieldCheck } from './load-operation';

/** A way an answer breaks its contract: a field of its body, or a status or a body the operation does not declare. */
export type VerdictViolation = Omit<FieldViolation, 'violatedRule'> & {
  readonly violatedRule?: FieldViolation['violatedRule'] | 'UNDECLARED_STATUS' | 'UNDECLARED_BODY';
};

export interface ContractVerdict {
  readonly ok: boolean;
  /** What the answer was checked against: `the 200 response of listRecommendationAlgorithms`. */
  readonly against: string;
  readonly violations: readonly VerdictViolation[];
}

export const contractVerdict = (operation: Operation, exchange: WireExchange, check: FieldCheck): ContractVerdict => {
  const declared = declaredResponse(operation, exchange.status);
  if (!declared) {
    return {
      ok: false,
      against: `the responses ${operation.operationId} declares (${Object.keys(operation.responses).join(', ')})`,
      violations: [{ field: 'status', description: `${exchange.status} is not a declared status`, violatedRule: 'UNDECLARED_STATUS' }],
    };
  }
  const against = `the ${declared.key} response of ${operation.operationId}`;
  const schema = declared.json?.schema;
  if (!schema) {
    const violations: VerdictViolation[] = exchange.responseText.trim()
      ? [{ field: 'body', description: 'is not empty, but no JSON body is declared', violatedRule: 'UNDECLARED_BODY' }]
      : [];
    return { ok: violations.length === 0, against, violations };
  }
  let body: unknown;
  try {
    body = JSON.parse(exchange.responseText);
  } catch {
    return { ok: false, against, violations: [{ field: 'body', description: 'is not JSON', violatedRule: 'FORMAT' }] };
  }
  const violations = check(schema, body, 'body');
  return { ok: violations.length === 0, against, violations };
};
