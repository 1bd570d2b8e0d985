import { describe, expect, it } from 'vitest';
import { createAnswerBatch } from '../../mock/http/answer-batch';

const noFailure = (error: unknown) => {
  throw error;
};
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('answer batch', () => {
  it('writes the answers of one turn together at its end, in the order they finished', async () => {
    const written: string[] = [];
    const later = createAnswerBatch();
    later(() => written.push('a'), noFailure);
    await Promise.resolve();
    later(() => written.push('b'), noFailure);
    expect(written).toEqual([]);
    await turn();
    expect(written).toEqual(['a', 'b']);
  });

  it('writes an answer queued while a batch is written in the next turn', async () => {
    const written: string[] = [];
    const later = createAnswerBatch();
    later(() => {
      written.push('first');
      later(() => written.push('second'), noFailure);
    }, noFailure);
    await turn();
    expect(written).toEqual(['first']);
    await turn();
    expect(written).toEqual(['first', 'second']);
  });

  it('reports a write that throws and still writes the rest of the batch', async () => {
    const written: string[] = [];
    const failures: unknown[] = [];
    const later = createAnswerBatch();
    later(
      () => {
        throw new Error('socket gone');
      },
      (error) => failures.push(error),
    );
    later(() => written.push('next'), noFailure);
    await turn();
    expect(written).toEqual(['next']);
    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toBe('socket gone');
  });
});
