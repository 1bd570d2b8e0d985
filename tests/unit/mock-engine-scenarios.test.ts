import { describe, expect, it } from 'vitest';
import { ControlInputError } from '../../mock/engine/control-input';
import { createStatefulEngine } from '../../mock/engine/engine';
import { readDocuments } from '../../mock/node/read-documents';
import { readFixtures } from '../../mock/node/read-fixtures';
import { SERVICES } from '../../mock/services/index';
import { API_KEY } from '../support/mock-credentials';

// engine.scenarios (in process: the MSW adapter's users reach it) judges its input as PUT /__mock/scenarios does.
const engine = createStatefulEngine({
  documents: readDocuments(),
  fixtures: readFixtures(),
  services: SERVICES,
  publicUrl: () => 'http://mock.test',
});

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('engine.scenarios in process', () => {
  it('refuses a misspelt operationId, naming the field', async () => {
    const error = await refusalOf(engine.scenarios.set({ operationId: 'getCurentCart', session: 's', failure: { status: 503 } }));
    expect(error).toBeInstanceOf(ControlInputError);
    expect(String((error as Error).message)).toMatch(/getCurentCart is not an operation of the API/);
  });

  it('refuses a failure the operation does not declare (428 CART_LOCKED)', async () => {
    const error = await refusalOf(
      engine.scenarios.set({ operationId: 'getCurrentCart', session: 's', failure: { status: 428, code: 'CART_LOCKED' } }),
    );
    expect(error).toBeInstanceOf(ControlInputError);
    expect(await engine.scenarios.list('s')).toEqual([]);
  });

  it('refuses a scenario with neither latency nor failure, and a bad session name', async () => {
    expect(await refusalOf(engine.scenarios.set({ operationId: 'getCurrentCart', session: 's' }))).toBeInstanceOf(ControlInputError);
    expect(await refusalOf(engine.scenarios.set({ operationId: 'getCurrentCart', session: 'no spaces', latencyMs: 1 }))).toBeInstanceOf(
      ControlInputError,
    );
  });

  it('keeps a declared failure and serves it', async () => {
    await engine.scenarios.set({
      operationId: 'getCurrentCart',
      session: 'kept',
      failure: { status: 404, code: 'OWNED_CART_NOT_FOUND', times: 1 },
    });
    const response = await engine.handle({
      method: 'GET',
      target: '/v1/carts/current',
      headers: { authorization: API_KEY, 'x-mock-session': 'kept' },
      body: new Uint8Array(),
      requestId: 'r',
    });
    expect(response.status).toBe(404);
  });
});
