// The per-session logs in memory are capped by entries and by bytes, oldest first: a session whose events carry
// whole records keeps no more than its byte cap, however many it emits.
import { describe, expect, it } from 'vitest';
import { CappedLog } from '../../mock/engine/capped-log';
import { MAX_EVENT_BYTES_PER_SESSION, MAX_EVENTS_PER_SESSION, MemoryEventLog, type RecordedEvent } from '../../mock/engine/events';
import { type LoggedRequest, MAX_LOGGED_BYTES_PER_SESSION, MAX_LOGGED_PER_SESSION, RequestLog } from '../../mock/engine/request-log';
import { sizedEvent } from '../support/sized-event';

const event = (index: number, bytes: number): RecordedEvent => sizedEvent(index, bytes, 'busy');

describe('capped logs', () => {
  it('drop the oldest entries while over the entry cap or the byte cap, and keep the newest even alone over it', () => {
    const log = new CappedLog<number>(3, 100);
    for (const value of [1, 2, 3, 4]) log.push(value, 10);
    expect(log.newestFirst()).toEqual([4, 3, 2]);
    log.push(5, 85);
    expect(log.newestFirst()).toEqual([5, 4]);
    expect(log.bytes).toBe(95);
    log.push(6, 500);
    expect(log.newestFirst()).toEqual([6]);
    expect(log.newestFirst(0)).toEqual([]);
  });

  it('keep a session of large events within its byte cap, newest first', async () => {
    const events = new MemoryEventLog();
    const size = 8 * 1024;
    const emitted = Math.ceil((2 * MAX_EVENT_BYTES_PER_SESSION) / size);
    for (let index = 0; index < emitted; index += 1) await events.append(event(index, size));
    const kept = await events.list('busy', MAX_EVENTS_PER_SESSION);
    const bytes = kept.reduce((sum, kept) => sum + JSON.stringify(kept).length, 0);
    expect(bytes).toBeLessThanOrEqual(MAX_EVENT_BYTES_PER_SESSION);
    expect(bytes).toBeGreaterThan(MAX_EVENT_BYTES_PER_SESSION - 2 * size);
    expect(kept[0]?.id).toBe(`e-${emitted - 1}`);
    expect(kept.at(-1)?.id).toBe(`e-${emitted - kept.length}`);
  });

  it('keep a request log within its entry cap and its byte cap', async () => {
    const log = new RequestLog();
    const entry = (index: number, path: string): LoggedRequest => ({
      requestId: `r-${index}`,
      time: '2026-01-01T00:00:00.000Z',
      method: 'GET',
      path,
      operationId: null,
      status: 200,
      durationMs: 1,
    });
    for (let index = 0; index < MAX_LOGGED_PER_SESSION + 10; index += 1) await log.record('s', entry(index, '/v1/carts/current'));
    expect(await log.list('s')).toHaveLength(MAX_LOGGED_PER_SESSION);
    for (let index = 0; index < 100; index += 1) await log.record('s', entry(index, `/${'p'.repeat(8 * 1024)}`));
    const kept = await log.list('s');
    expect(kept.reduce((sum, kept) => sum + JSON.stringify(kept).length, 0)).toBeLessThanOrEqual(MAX_LOGGED_BYTES_PER_SESSION);
    expect(kept[0]?.requestId).toBe('r-99');
  });
});
