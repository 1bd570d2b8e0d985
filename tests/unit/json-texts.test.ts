// The JSON of an event that carries a record already put reuses the record's text, and is the same JSON as
// JSON.stringify gives.
import { describe, expect, it, vi } from 'vitest';
import { frozenText, jsonText, knownText } from '../../mock/engine/json-texts';

describe('json texts', () => {
  it('serializes like JSON.stringify: skipped undefined values, nulls in arrays, toJSON, nesting past its depth', () => {
    const value = {
      a: 1,
      b: undefined,
      c: [1, undefined, 'x'],
      d: new Date(0),
      e: { f: { g: { h: { i: 'deep' } } } },
      j: null,
      'k"l': true,
    };
    expect(jsonText(value)).toBe(JSON.stringify(value));
  });

  it("takes a record's text from when it was put, found inside an event", () => {
    const cart = Object.freeze({ id: 'c', lineItems: Object.freeze([]) });
    expect(knownText(cart)).toBeUndefined();
    const text = frozenText(cart);
    expect(text).toBe(JSON.stringify(cart));
    expect(knownText(cart)).toBe(text);
    const event = { id: 'e', payload: { updatedEvent: { currentEntity: cart } } };
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(jsonText(event)).toBe('{"id":"e","payload":{"updatedEvent":{"currentEntity":{"id":"c","lineItems":[]}}}}');
      expect(stringify.mock.calls.some(([value]) => value === cart)).toBe(false);
    } finally {
      stringify.mockRestore();
    }
  });
});
