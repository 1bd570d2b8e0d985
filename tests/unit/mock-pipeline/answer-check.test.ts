import { describe, expect, it, vi } from 'vitest';
import { ExampleAnswers } from '../../../mock/engine/example-answers';
import { createAnswerCheck } from '../../../mock/pipeline/stages/answer-check';
import type { ContractAnswer } from '../../../mock/pipeline/stages/handler';
import { validateRequest } from '../../../mock/pipeline/stages/request-validation';
import type { MockResponse, ValidatedRequest } from '../../../mock/pipeline/types';
import { documents, errorOf, parsed, passed, REQUEST_ID, responses } from './parts';

const examples = new ExampleAnswers(documents);
const cartExample = (examples.answer('getCurrentCart', {}) as { body: { cart: Record<string, unknown> } }).body;

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
};

const validated = (method: string, target: string, body?: string): ValidatedRequest => {
  return passed(validateRequest(parsed(method, target, { authorization: 'k' }, body)), 'request validation');
};
const cartRead = validated('GET', '/v1/carts/current');
const answer = (body: unknown, status = 200): ContractAnswer => ({ kind: 'answer', status, body });

const checker = () => {
  const lines: string[] = [];
  return { check: createAnswerCheck({ responses, log: (line) => lines.push(line) }), lines };
};

describe('answer check stage', () => {
  it('passes an answer that keeps the contract, logging nothing', () => {
    const { check, lines } = checker();
    expect(check(cartRead, answer(structuredClone(cartExample)))).toEqual({ ok: true, text: undefined });
    expect(lines).toEqual([]);
  });

  it('answers a broken answer with a 500 naming the operation and the field, logged with the request id', () => {
    const { check, lines } = checker();
    const verdict = check(cartRead, answer({ cart: { ...cartExample.cart, id: 'not-a-uuid' } }));
    expect(verdict.ok).toBe(false);
    const response = (verdict as { response: MockResponse }).response;
    expect(response.status).toBe(500);
    expect(errorOf(response).details.applicationError).toMatchObject({ code: 'INTERNAL', data: { operationId: 'getCurrentCart' } });
    expect(lines).toEqual([
      `500 ${REQUEST_ID} getCurrentCart: the answer breaks the getCurrentCart contract (status 200): "cart.id" must be a valid uuid`,
    ]);
  });

  it('refuses a status the operation does not declare, for an answer as for a refusal', () => {
    const { check, lines } = checker();
    expect(check(cartRead, answer({}, 418)).ok).toBe(false);
    expect(check(cartRead, { kind: 'refusal', status: 404, code: 'OWNED_CART_NOT_FOUND', description: 'no cart' })).toEqual({
      ok: true,
      text: undefined,
    });
    expect(check(cartRead, { kind: 'refusal', status: 409, code: 'CONFLICT', description: 'busy' }).ok).toBe(false);
    expect(lines[0]).toMatch(/"status" 418 is not a status getCurrentCart declares$/);
    expect(lines[1]).toBe(`500 ${REQUEST_ID} getCurrentCart: refused with 409 CONFLICT, a status the operation does not declare (busy)`);
  });

  it('refuses a code the operation does not declare at the status of the refusal, naming the declared ones', () => {
    const { check, lines } = checker();
    const verdict = check(cartRead, { kind: 'refusal', status: 404, code: 'NOT_FOUND', description: 'no cart' });
    expect(verdict.ok).toBe(false);
    const response = (verdict as { response: MockResponse }).response;
    expect(response.status).toBe(500);
    expect(errorOf(response).details.applicationError).toMatchObject({ code: 'INTERNAL', data: { operationId: 'getCurrentCart' } });
    expect(lines).toEqual([
      `500 ${REQUEST_ID} getCurrentCart: refused with 404 NOT_FOUND, which breaks the getCurrentCart contract: "details.applicationError.code" must be one of "OWNED_CART_NOT_FOUND" (no cart)`,
    ]);
    // A declared code at another status of the operation is no better.
    expect(check(cartRead, { kind: 'refusal', status: 400, code: 'OWNED_CART_NOT_FOUND', description: 'wrong status' }).ok).toBe(false);
  });

  it('never serves a generated answer with an undeclared status or code, though it serves one with a flawed body', () => {
    const { check, lines } = checker();
    expect(check(cartRead, { ...answer({ message: 'x' }, 418), generated: true }).ok).toBe(false);
    const wrongCode = { message: 'NOT_FOUND', details: { applicationError: { code: 'NOT_FOUND', description: 'x' } } };
    expect(check(cartRead, { ...answer(wrongCode, 404), generated: true }).ok).toBe(false);
    const declared = { message: 'OWNED_CART_NOT_FOUND', details: { applicationError: { code: 'OWNED_CART_NOT_FOUND', description: 'x' } } };
    expect(check(cartRead, { ...answer(declared, 404), generated: true })).toEqual({ ok: true, text: undefined });
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.startsWith(`500 ${REQUEST_ID} getCurrentCart:`))).toBe(true);
  });

  it('serves a generated answer that breaks the contract, logged the same way under the status it is served with', () => {
    const { check, lines } = checker();
    expect(check(cartRead, { ...answer({ cart: { ...cartExample.cart, id: 'x' } }), generated: true })).toEqual({
      ok: true,
      text: undefined,
    });
    expect(lines).toEqual([
      `200 ${REQUEST_ID} getCurrentCart: the answer breaks the getCurrentCart contract (status 200): "cart.id" must be a valid uuid (a generated answer, served as it is)`,
    ]);
  });

  it('keeps the verdict and the text of a read answer wrapping one frozen record, and checks it once', () => {
    const { check } = checker();
    const spy = vi.spyOn(responses, 'check');
    try {
      const record = deepFreeze(structuredClone(cartExample.cart));
      const first = check(cartRead, answer({ cart: record }));
      const second = check(cartRead, answer({ cart: record }));
      expect(first).toEqual({ ok: true, text: JSON.stringify({ cart: record }) });
      expect(second).toEqual(first);
      expect(spy).toHaveBeenCalledTimes(1);
      // An open record may change after it passed: checked every time, its text not kept.
      const open = structuredClone(cartExample.cart);
      check(cartRead, answer({ cart: open }));
      expect(check(cartRead, answer({ cart: open }))).toEqual({ ok: true, text: undefined });
      expect(spy).toHaveBeenCalledTimes(3);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps nothing for a write, whose answer the next write replaces', () => {
    const { check } = checker();
    const spy = vi.spyOn(responses, 'check');
    try {
      const write = validated(
        'POST',
        '/v1/carts/current/add-to-cart',
        '{"lineItems":[{"quantity":1,"catalogReference":{"catalogItemId":"5376f9ec-b92e-efa9-e4a1-f4f480aa0d3a","appId":"215238eb-22a5-4c36-9e7b-e7c08025e04e"}}]}',
      );
      const record = deepFreeze(structuredClone(cartExample.cart));
      check(write, answer({ cart: record }));
      expect(check(write, answer({ cart: record }))).toEqual({ ok: true, text: undefined });
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
});
