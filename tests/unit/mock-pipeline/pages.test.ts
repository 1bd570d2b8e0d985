import { describe, expect, it } from 'vitest';
import { createPagesStage } from '../../../mock/pipeline/stages/pages';
import type { MockPages } from '../../../mock/pipeline/types';
import { answered, errorOf, targeted } from './parts';

const asked: string[] = [];
const controls: MockPages = async (_request, method, path) => {
  asked.push(`${method} ${path}`);
  return path === '/__mock/health' ? { status: 200, headers: {}, body: 'healthy' } : undefined;
};
const pages = createPagesStage({ mode: 'testing', controls, issueCode: async () => 'the-code' });

describe('pages and controls stage', () => {
  it('hands an API request on at once, without a promise to wait for', () => {
    expect(pages(targeted('GET', '/v1/carts/current'))).toMatchObject({ kind: 'next', request: { path: '/v1/carts/current' } });
    expect(pages(targeted('GET', '/__mockery'))).toMatchObject({ kind: 'next', request: { path: '/__mockery' } });
    expect(asked).toEqual([]);
  });

  it("answers the sign-in pages with the mode's code, before any control is asked", async () => {
    const answer = answered(
      await pages(targeted('GET', '/__mock/oauth/authorize?redirect_uri=https%3A%2F%2Fapp.test%2Fcb&state=s1&response_mode=query')),
    );
    expect(answer?.status).toBe(302);
    expect(answer?.headers.location).toBe('https://app.test/cb?state=s1&code=the-code');
    expect(asked).toEqual([]);
  });

  it("asks the mode's controls, and answers a 404 naming the mode when none is there", async () => {
    expect(answered(await pages(targeted('GET', '/__mock/health'))).body).toBe('healthy');
    const missing = answered(await pages(targeted('POST', '/__mock/nothing')));
    expect(missing?.status).toBe(404);
    expect(errorOf(missing).details.applicationError).toMatchObject({
      code: 'NOT_FOUND',
      description: 'No mock control at POST /__mock/nothing in testing mode',
    });
    expect(asked).toEqual(['GET /__mock/health', 'POST /__mock/nothing']);
  });
});
