import { describe, expect, it } from 'vitest';
import { recordsOf } from '../../mock/proxy/fixture-records';
import { REDACTED, Redactor } from '../../mock/proxy/redact';
import { MAX_VERDICT_BYTES, verdictHeader } from '../../mock/proxy/verdict-header';
import { type SidedViolation, ViolationLedger } from '../../mock/proxy/violation-ledger';

const violation = (field: string, description: string, side: SidedViolation['side'] = 'answer'): SidedViolation => ({
  side,
  field,
  description,
  violatedRule: 'VALIDATION',
  ruleName: 'VALIDATION',
  data: {},
});

describe('the verdict header', () => {
  it('is ok, or the count and the first violation', () => {
    expect(verdictHeader([])).toBe('ok');
    expect(verdictHeader([violation('status', '418 is not declared')])).toBe('1 violation; first: answer status 418 is not declared');
    expect(verdictHeader([violation('a', 'x', 'request'), violation('b', 'y')])).toBe('2 violations; first: request a x');
    // The request as a whole is not named twice.
    expect(verdictHeader([violation('request', 'Missing access token', 'request')])).toBe(
      '1 violation; first: request: Missing access token',
    );
  });

  it('stays printable ASCII within its bound however long the violation', () => {
    const header = verdictHeader([violation('name', `must be one of ${'ünïcödé '.repeat(200)}`)]);
    expect(header.length).toBeLessThanOrEqual(MAX_VERDICT_BYTES);
    expect(header).toMatch(/^[\x20-\x7e]+\.\.\.$/);
  });

  it('says when no answer was checked', () => {
    expect(verdictHeader([], 'timeout')).toBe('not checked: the upstream timed out');
    expect(verdictHeader([violation('limit', 'must be <= 100', 'request')], 'unreachable')).toBe(
      'not checked: the upstream is unreachable; 1 violation in the request; first: limit must be <= 100',
    );
  });
});

describe('the violation ledger', () => {
  it('tallies per operation and keeps only the latest exchanges that broke the contract, newest first', () => {
    const ledger = new ViolationLedger(2);
    const exchange = (requestId: string, violations: SidedViolation[], gateway?: string) => ({
      requestId,
      operationId: 'getProduct',
      method: 'GET',
      path: '/v1/products/1',
      status: 200,
      violations,
      gateway,
      at: '2026-12-02T00:00:00.000Z',
    });
    ledger.add(exchange('r1', []));
    ledger.add(exchange('r2', [violation('a', 'x'), violation('b', 'y')]));
    ledger.add(exchange('r3', [], 'timeout'));
    ledger.add(exchange('r4', [violation('c', 'z')]));
    const report = ledger.report();
    expect(report.byOperation).toEqual({ getProduct: { checked: 4, violating: 2, violations: 3, gatewayErrors: 1 } });
    expect(report.latest.map((entry) => entry.requestId)).toEqual(['r4', 'r3']);
    expect(ledger.report({ limit: 1 }).latest).toHaveLength(1);
    ledger.clear();
    expect(ledger.report()).toEqual({ byOperation: {}, latest: [] });
  });
});

describe('recording', () => {
  it('redacts secrets by name, JWT-shaped strings and e-mail addresses, the same address always alike', () => {
    const redactor = new Redactor();
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXZhbHVl';
    const body = redactor.redact({
      accessToken: 'opaque-1',
      refresh_token: 'opaque-2',
      apiKey: 'k',
      nested: [{ note: jwt, loginEmail: 'Maya@Shop.test', contact: { emails: ['maya@shop.test', 'dan@shop.test'] } }],
      name: 'Linen Shirt',
      quantity: 3,
    });
    expect(body).toEqual({
      accessToken: REDACTED,
      refresh_token: REDACTED,
      apiKey: REDACTED,
      nested: [
        { note: REDACTED, loginEmail: 'redacted-1@example.com', contact: { emails: ['redacted-1@example.com', 'redacted-2@example.com'] } },
      ],
      name: 'Linen Shirt',
      quantity: 3,
    });
  });

  it('finds the store records an answer carries, by collection', () => {
    expect(
      recordsOf({ product: { id: 'p1' }, collections: [{ id: 'c1' }, { name: 'no id' }], metadata: { count: 1 }, cart: { id: 7 } }),
    ).toEqual([
      { collection: 'products', record: { id: 'p1' } },
      { collection: 'storeCollections', record: { id: 'c1' } },
    ]);
    expect(recordsOf([{ id: 'x' }])).toEqual([]);
  });
});
