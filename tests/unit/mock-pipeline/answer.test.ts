import { describe, expect, it } from 'vitest';
import { failureAnswer, operationAnswer, withRequestId } from '../../../mock/pipeline/stages/answer';
import { REQUEST_ID_HEADER } from '../../../src/protocol';
import { errorOf, mockRequest, REQUEST_ID } from './parts';

describe('answer stage', () => {
  it("serializes an operation's answer as JSON, its own headers kept and the request id added", () => {
    const response = operationAnswer({ kind: 'answer', status: 201, body: { a: 1 }, headers: { location: '/x' } }, undefined, REQUEST_ID);
    expect(response).toEqual({
      status: 201,
      headers: { 'content-type': 'application/json', location: '/x', [REQUEST_ID_HEADER]: REQUEST_ID },
      body: '{"a":1}',
    });
  });

  it("sends the text the check kept, else the handler's own, instead of serializing again", () => {
    expect(operationAnswer({ kind: 'answer', status: 200, body: { a: 1 }, text: '{"a":1} ' }, '{ "a": 1 }', REQUEST_ID).body).toBe(
      '{ "a": 1 }',
    );
    expect(operationAnswer({ kind: 'answer', status: 200, body: { a: 1 }, text: '{"a":1} ' }, undefined, REQUEST_ID).body).toBe('{"a":1} ');
  });

  it('sends an answer without a body with no content type', () => {
    expect(
      operationAnswer({ kind: 'answer', status: 302, body: undefined, headers: { location: 'https://x.test' } }, undefined, REQUEST_ID),
    ).toEqual({
      status: 302,
      headers: { location: 'https://x.test', [REQUEST_ID_HEADER]: REQUEST_ID },
      body: '',
    });
  });

  it("turns a refusal into the platform's error body", () => {
    const response = operationAnswer(
      { kind: 'refusal', status: 428, code: 'CHECKOUT_ALREADY_COMPLETED', description: 'done', data: { id: 'c' } },
      undefined,
      REQUEST_ID,
    );
    expect(response.status).toBe(428);
    expect(response.headers[REQUEST_ID_HEADER]).toBe(REQUEST_ID);
    expect(errorOf(response)).toEqual({
      message: 'CHECKOUT_ALREADY_COMPLETED',
      details: { applicationError: { code: 'CHECKOUT_ALREADY_COMPLETED', description: 'done', data: { id: 'c' } } },
    });
  });

  it('adds the request id to every other answer, and leaves one that carries it as it is', () => {
    const page = { status: 200, headers: { 'content-type': 'text/html' }, body: '<p>' };
    expect(withRequestId(page, REQUEST_ID)).toEqual({ ...page, headers: { 'content-type': 'text/html', [REQUEST_ID_HEADER]: REQUEST_ID } });
    expect(page.headers).toEqual({ 'content-type': 'text/html' });
    const carrying = { status: 400, headers: { [REQUEST_ID_HEADER]: REQUEST_ID }, body: '{}' };
    expect(withRequestId(carrying, REQUEST_ID)).toBe(carrying);
  });

  it('answers a failure inside the mock with a 500 naming the operation, logged with the request id', () => {
    const lines: string[] = [];
    const response = failureAnswer(
      new Error('boom'),
      mockRequest('POST', '/v1/carts/current/add-to-cart'),
      { operationId: 'addToCurrentCart' },
      (line) => lines.push(line),
    );
    expect(response.status).toBe(500);
    expect(errorOf(response).details.applicationError).toEqual({
      code: 'INTERNAL',
      description: 'The mock failed while answering addToCurrentCart: boom',
      data: { operationId: 'addToCurrentCart' },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^500 ${REQUEST_ID.replace(/\./g, '\\.')} addToCurrentCart POST /v1/carts/current/add-to-cart: Error: boom\\n`),
    );
  });
});
