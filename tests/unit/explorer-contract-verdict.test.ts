import { describe, expect, it } from 'vitest';
import type { WireExchange } from '../../docs-site/src/explorer/connection';
import { contractVerdict } from '../../docs-site/src/explorer/operation/contract-verdict';
import { findOperation } from '../../spec-model/document';
import { loadDocument } from '../../spec-model/load';
import { createFieldValidator } from '../../spec-model/validators';

// The explorer's contract verdict: the mock's own failure is told apart from an answer, and an application
// error's code is checked against the codes the operation declares for its status.
const document = loadDocument('platform');
const check = createFieldValidator(document, 'response');
const operation = findOperation('platform', document, 'listRecommendationAlgorithms');
if (!operation) throw new Error('no listRecommendationAlgorithms');

const exchange = (status: number, body: unknown): WireExchange => ({
  method: 'GET',
  url: 'http://127.0.0.1:4010/v1/recommendations/algorithms',
  headers: {},
  body: undefined,
  status,
  statusText: '',
  responseHeaders: [],
  responseText: JSON.stringify(body),
  durationMs: 1,
});
const failure = (code: string, description = 'what happened') => ({ message: code, details: { applicationError: { code, description } } });

describe('the contract verdict', () => {
  it("shows the mock's own 500 INTERNAL as a mock failure, never as a kept contract", () => {
    const description = 'The mock failed while answering listRecommendationAlgorithms: boom';
    const verdict = contractVerdict(operation, exchange(500, failure('INTERNAL', description)), check);
    expect(verdict).toMatchObject({ ok: false, mockFailure: description, violations: [] });
  });

  it('keeps a declared code, and names a code the operation does not declare for the status', () => {
    expect(contractVerdict(operation, exchange(400, failure('INVALID_ARGUMENT')), check)).toMatchObject({ ok: true, violations: [] });
    const verdict = contractVerdict(operation, exchange(400, failure('ORDER_NOT_FOUND')), check);
    expect(verdict.ok).toBe(false);
    expect(verdict.mockFailure).toBeUndefined();
    expect(verdict.violations).toEqual([
      {
        field: 'details.applicationError.code',
        description: 'ORDER_NOT_FOUND is not a code listRecommendationAlgorithms declares for 400 (it declares INVALID_ARGUMENT)',
        violatedRule: 'UNDECLARED_CODE',
        data: {},
      },
    ]);
  });

  it('still names an undeclared status, and a body that breaks the schema', () => {
    expect(contractVerdict(operation, exchange(404, failure('NOT_FOUND')), check).violations).toMatchObject([
      { field: 'status', violatedRule: 'UNDECLARED_STATUS' },
    ]);
    expect(contractVerdict(operation, exchange(200, { availableAlgorithms: 'none' }), check).ok).toBe(false);
  });
});
