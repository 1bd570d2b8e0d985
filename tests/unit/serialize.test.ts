import { describe, expect, it } from 'vitest';
import { serializeBody, serializeQuery, unflatten } from '../../src/client/serialize';

describe('request serialization', () => {
  it('sends dates as ISO strings', () => {
    const body = serializeBody({ from: new Date(Date.UTC(2026, 2, 1, 10, 15)) });
    expect(JSON.parse(body)).toEqual({ from: '2026-03-01T10:15:00.000Z' });
  });
  it('sends non-finite numbers as text and finite ones as numbers', () => {
    const body = JSON.parse(serializeBody({ a: Number.NaN, b: Number.POSITIVE_INFINITY, c: Number.NEGATIVE_INFINITY, d: 1.5 }));
    expect(body).toEqual({ a: 'NaN', b: 'Infinity', c: '-Infinity', d: 1.5 });
  });
  it('sends field masks as comma-separated paths, nested too', () => {
    expect(JSON.parse(serializeBody({ fieldMask: ['content.title', 'content.body'] }))).toEqual({
      fieldMask: 'content.title,content.body',
    });
    expect(JSON.parse(serializeBody({ review: {}, fieldMask: { paths: ['rating'] } }))).toEqual({ review: {}, fieldMask: 'rating' });
    expect(JSON.parse(serializeBody({ cartFieldmask: ['couponCode'] }))).toEqual({ cartFieldmask: 'couponCode' });
    expect(JSON.parse(serializeBody({ order: { tags: ['a', 'b'] } }))).toEqual({ order: { tags: ['a', 'b'] } });
  });
  it('serializes query values: arrays repeated, objects dotted, dates and non-finite numbers as text', () => {
    const query = serializeQuery({
      ids: ['a', 'b'],
      paging: { limit: 10, offset: 0 },
      since: new Date(Date.UTC(2026, 0, 2)),
      ratio: Number.NaN,
      skipped: undefined,
    });
    expect(query).toBe('ids=a&ids=b&paging.limit=10&paging.offset=0&since=2026-01-02T00%3A00%3A00.000Z&ratio=NaN');
  });
  it('turns dotted names back into the nested payload', () => {
    expect(unflatten({ 'query.cursorPaging.limit': 5, 'query.filter': '{}', top: true })).toEqual({
      query: { cursorPaging: { limit: 5 }, filter: '{}' },
      top: true,
    });
  });
});
