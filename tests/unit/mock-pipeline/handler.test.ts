import { describe, expect, it } from 'vitest';
import { RecordingEventSink } from '../../../mock/engine/events';
import { ExampleAnswers } from '../../../mock/engine/example-answers';
import { invalidField, PlatformFailure } from '../../../mock/engine/failure';
import { DEFAULT_API_KEY, IdentityRegistry } from '../../../mock/engine/identity';
import { MemoryStoreProvider } from '../../../mock/engine/memory-store';
import type { OperationImpl } from '../../../mock/engine/operation';
import { Scenarios } from '../../../mock/engine/scenarios';
import { createStatefulHandler } from '../../../mock/engine/stateful-handler';
import { type HandlerResult, isOperationResult } from '../../../mock/pipeline/stages/handler';
import { validateRequest } from '../../../mock/pipeline/stages/request-validation';
import type { ValidatedRequest } from '../../../mock/pipeline/types';
import type { PrismLibrary, PrismResponse } from '../../../mock/prism/load-prism';
import { createPrismHandler } from '../../../mock/prism/prism-handler';
import { documents, parsed, passed, responses } from './parts';

const CART_EVENT = { eventType: 'wix.ecom.v1.cart_deleted', entityFqdn: 'wix.ecom.v1.cart', slug: 'deleted' };

const statefulHandler = (impl: OperationImpl['handle']) => {
  const events = new RecordingEventSink();
  const scenarios = new Scenarios();
  const stores = new MemoryStoreProvider();
  const handler = createStatefulHandler({
    operations: { getCurrentCart: { access: 'shopper', handle: impl } },
    identities: new IdentityRegistry(),
    responses,
    examples: new ExampleAnswers(documents),
    scenarios,
    events,
    openSession: (session) => stores.open(session, async () => undefined),
    exclusive: (session, store, work) => stores.exclusive(session, store, work),
    publicUrl: () => 'http://mock.test',
    log: () => undefined,
  });
  return { handler, events, scenarios };
};

const cartRead = (headers: Record<string, string> = {}): ValidatedRequest => {
  const result = validateRequest({
    ...parsed('GET', '/v1/carts/current', { authorization: DEFAULT_API_KEY, ...headers }),
    caller: { identity: undefined, session: 'handler' },
  });
  return passed(result, 'request validation');
};

describe('handler stage', () => {
  it("tells the operation's results (answers, refusals) from the mock's own responses", () => {
    const results: HandlerResult[] = [
      { kind: 'answer', status: 200, body: {} },
      { kind: 'refusal', status: 404, code: 'NOT_FOUND', description: 'no' },
      { status: 200, headers: {}, body: '' },
    ];
    expect(results.map(isOperationResult)).toEqual([true, true, false]);
  });

  it('stateful: a service answer goes on with its events held back until `accepted`', async () => {
    const { handler, events } = statefulHandler(async (context) => {
      context.emit(CART_EVENT, 'cart-1', { deletedEvent: {} });
      return { body: { cart: { id: 'cart-1' } }, headers: { 'x-extra': '1' } };
    });
    const result = await handler.handle(cartRead());
    expect(result).toMatchObject({ kind: 'answer', status: 200, body: { cart: { id: 'cart-1' } }, headers: { 'x-extra': '1' } });
    expect(await events.list('handler')).toEqual([]);
    await handler.accepted?.(result as never);
    expect((await events.list('handler')).map((event) => event.eventType)).toEqual(['wix.ecom.v1.cart_deleted']);
  });

  it("stateful: a service's refusal goes on as a refusal (its status still to be checked), a validation failure is a 400", async () => {
    const refused = await statefulHandler(async () =>
      Promise.reject(new PlatformFailure(409, 'CONFLICT', 'busy', { why: 1 })),
    ).handler.handle(cartRead());
    expect(refused).toEqual({ kind: 'refusal', status: 409, code: 'CONFLICT', description: 'busy', data: { why: 1 } });
    const invalid = await statefulHandler(async () => Promise.reject(invalidField('id', 'names no line'))).handler.handle(cartRead());
    expect(invalid).toMatchObject({ status: 400 });
  });

  it("stateful: a `Prefer` example is the operation's answer, a forced scenario failure the mock's own response", async () => {
    const { handler, scenarios } = statefulHandler(async () => ({ body: {} }));
    const example = await handler.handle(cartRead({ prefer: 'code=404' }));
    expect(example).toMatchObject({ kind: 'answer', status: 404 });
    scenarios.set({ operationId: 'getCurrentCart', session: 'handler', failure: { status: 503 } });
    const forced = await handler.handle(cartRead());
    expect(isOperationResult(forced)).toBe(false);
    expect(forced.status).toBe(503);
  });

  it("Prism: its answer goes on as the operation's, marked generated when Prism made it up", async () => {
    const seen: boolean[] = [];
    const answer: PrismResponse = {
      statusCode: 200,
      headers: { 'Content-Type': 'application/json', 'X-Rate': '5' },
      body: { cart: { id: 'c' } },
    };
    const prism = {
      mock: ({ config }: { config: { dynamic: boolean } }) => {
        seen.push(config.dynamic);
        return () => ({ _tag: 'Right', right: answer });
      },
    } as unknown as PrismLibrary;
    const handler = createPrismHandler({
      prism,
      resources: new Map([['getCurrentCart', {}]]),
      mode: 'static',
      publicUrl: () => 'http://mock.test',
    });
    expect(await handler.handle(cartRead())).toEqual({
      kind: 'answer',
      status: 200,
      body: { cart: { id: 'c' } },
      headers: { 'content-type': 'application/json', 'x-rate': '5' },
      text: '{"cart":{"id":"c"}}',
      generated: false,
    });
    expect(await handler.handle(cartRead({ prefer: 'dynamic=true' }))).toMatchObject({ generated: true });
    expect(seen).toEqual([false, true]);
  });
});
