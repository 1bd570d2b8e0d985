// What a replica keeps of a session between requests: trusted only at the version it was read at (or a later one
// of the same seeding for plain reads), moved forward by the replica's own commits, and merged with a work's
// pending writes in the order Redis will keep.
import { describe, expect, it } from 'vitest';
import { mergeWrites, type PendingWrites, recordKey, SessionSnapshots, versionOf } from '../../mock/redis/session-snapshots';

const put = (collection: string, id: string, value: unknown, fresh?: boolean) => ({
  kind: 'p' as const,
  collection,
  id,
  value,
  json: JSON.stringify(value),
  fresh,
});
const remove = (collection: string, id: string) => ({ kind: 'r' as const, collection, id, value: undefined, json: '' });
const writes = (...list: ReturnType<typeof put | typeof remove>[]): PendingWrites =>
  new Map(list.map((write) => [recordKey(write.collection, write.id), write]));

describe('session versions', () => {
  it('reads the tag and the count, and takes a bare marker as count 0', () => {
    expect(versionOf('ab12:7')).toEqual({ text: 'ab12:7', tag: 'ab12', count: 7 });
    expect(versionOf('1')).toEqual({ text: '1', tag: '1', count: 0 });
    expect(versionOf(null)).toBeUndefined();
  });
});

describe('session snapshots', () => {
  const v = (text: string) => versionOf(text);

  it('answers a plain read at its version or an earlier one of the same seeding, a leased read only at its own', () => {
    const snapshots = new SessionSnapshots();
    snapshots.rememberRecord('s', v('t:3'), recordKey('carts', 'c'), { n: 3 });
    expect(snapshots.record('s', recordKey('carts', 'c'), v('t:3'), false)).toEqual({ value: { n: 3 } });
    expect(snapshots.record('s', recordKey('carts', 'c'), v('t:2'), false)).toEqual({ value: { n: 3 } });
    expect(snapshots.record('s', recordKey('carts', 'c'), v('t:4'), false)).toBeUndefined();
    expect(snapshots.record('s', recordKey('carts', 'c'), v('t:2'), true)).toBeUndefined();
    // Another seeding of the session never matches, whatever its count.
    expect(snapshots.record('s', recordKey('carts', 'c'), v('u:1'), false)).toBeUndefined();
  });

  it('starts over at a newer version found, and ignores an older one', () => {
    const snapshots = new SessionSnapshots();
    snapshots.rememberRecord('s', v('t:3'), recordKey('a', '1'), 'old');
    snapshots.rememberRecord('s', v('t:2'), recordKey('a', '2'), 'older');
    expect(snapshots.record('s', recordKey('a', '2'), v('t:3'), false)).toBeUndefined();
    snapshots.rememberRecord('s', v('t:5'), recordKey('a', '2'), 'new');
    expect(snapshots.record('s', recordKey('a', '1'), v('t:5'), false)).toBeUndefined();
    expect(snapshots.record('s', recordKey('a', '2'), v('t:5'), false)).toEqual({ value: 'new' });
  });

  it("moves to the version of this replica's own commit with its writes, lists included", () => {
    const snapshots = new SessionSnapshots();
    snapshots.rememberList('s', v('t:1'), 'items', [
      ['a', 1],
      ['b', 2],
    ]);
    snapshots.rememberRecord('s', v('t:1'), recordKey('other', 'x'), 'kept');
    const before = v('t:1');
    const after = v('t:2');
    if (!before || !after) throw new Error('versions');
    snapshots.advance('s', before, after, writes(put('items', 'b', 20), put('items', 'c', 3), remove('items', 'a')));
    expect(snapshots.list('s', 'items', after, true)).toEqual([
      ['b', 20],
      ['c', 3],
    ]);
    expect(snapshots.record('s', recordKey('other', 'x'), after, true)).toEqual({ value: 'kept' });
    expect(snapshots.record('s', recordKey('items', 'a'), after, true)).toEqual({ value: undefined });
    // A commit from a version this replica does not hold forgets the session.
    snapshots.advance('s', before, v('t:3') as NonNullable<ReturnType<typeof v>>, writes(put('items', 'd', 4)));
    expect(snapshots.record('s', recordKey('other', 'x'), v('t:3'), false)).toBeUndefined();
  });
});

describe('pending writes over a list', () => {
  it('replaces in place, removes, appends new records in order, and moves a record put again after its removal to the end', () => {
    const rows: [string, unknown][] = [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ];
    expect(
      mergeWrites(rows, writes(put('items', 'b', 20), put('items', 'z', 26), remove('items', 'c'), put('other', 'q', 0)), 'items'),
    ).toEqual([
      ['a', 1],
      ['b', 20],
      ['z', 26],
    ]);
    expect(mergeWrites(rows, writes(put('items', 'a', 10, true)), 'items')).toEqual([
      ['b', 2],
      ['c', 3],
      ['a', 10],
    ]);
    expect(mergeWrites(rows, writes(), 'items')).toEqual(rows);
  });
});
