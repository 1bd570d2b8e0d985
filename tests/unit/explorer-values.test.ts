import { describe, expect, it } from 'vitest';
import { pageHref } from '../../docs-site/build/guide-pages';
import { fieldSegments } from '../../docs-site/src/explorer/operation/json-positions';
import { leaves, substitute, suggestedName } from '../../docs-site/src/explorer/variables';
import { mockFromAddress, withMock } from '../../docs-site/src/site/site-mock';

describe('values kept from answers', () => {
  it('replaces {{name}} in text as is, and in JSON escaped inside strings and bare outside them', () => {
    const values = { checkoutId: 'a"b', count: 3, ok: true };
    expect(substitute('/v1/checkouts/{{checkoutId}}', values)).toEqual({ text: '/v1/checkouts/a"b', unknown: [] });
    const json = substitute('{"id": "{{checkoutId}}", "n": {{ count }}, "ok": {{ok}}}', values, true);
    expect(JSON.parse(json.text)).toEqual({ id: 'a"b', n: 3, ok: true });
    expect(substitute('{{nope}} and {{nope}} and {{other}}', values)).toEqual({
      text: '{{nope}} and {{nope}} and {{other}}',
      unknown: ['nope', 'other'],
    });
  });

  it('lists every scalar of an answer by its path, and names it after its last two words', () => {
    expect(leaves({ checkout: { id: 'c1', lineItems: [{ id: 'l1', quantity: 2 }], paid: null } })).toEqual([
      { path: 'checkout.id', value: 'c1' },
      { path: 'checkout.lineItems[0].id', value: 'l1' },
      { path: 'checkout.lineItems[0].quantity', value: 2 },
      { path: 'checkout.paid', value: null },
    ]);
    expect(leaves({ many: Array.from({ length: 500 }, (_, index) => index) }, 10)).toHaveLength(10);
    expect(suggestedName('checkout.id')).toBe('checkoutId');
    expect(suggestedName('orders[0].number')).toBe('ordersNumber');
    expect(suggestedName('a-b.c-d')).toBe('a_bC_d');
    expect(suggestedName('0.1')).toMatch(/^value_/);
  });

  it('reads a violation’s field as the path into the JSON', () => {
    expect(fieldSegments('lineItems[0].quantity', 'body')).toEqual(['lineItems', 0, 'quantity']);
    expect(fieldSegments('body', 'body')).toEqual([]);
    expect(fieldSegments('query.paging.limit', 'query')).toEqual(['paging', 'limit']);
  });
});

describe('the site’s mock and links', () => {
  it('adds ?mock= before the hash, keeping the query, readable', () => {
    const mock = 'http://127.0.0.1:5110';
    expect(withMock('../explorer/#/operation/x', mock)).toBe('../explorer/?mock=http://127.0.0.1:5110#/operation/x');
    expect(withMock('./reference/commerce.html?a=1', mock)).toBe('./reference/commerce.html?a=1&mock=http://127.0.0.1:5110');
    expect(withMock('./index.html?mock=http://old', mock)).toBe('./index.html?mock=http://127.0.0.1:5110');
    expect(mockFromAddress('?mock=http://127.0.0.1:5110/')).toBe(mock);
    expect(mockFromAddress('?mock=javascript:alert(1)')).toBeUndefined();
    expect(mockFromAddress('')).toBeUndefined();
  });

  it('turns links between guides into links between their pages', () => {
    expect(pageHref('auth.md#pkce')).toBe('auth.html#pkce');
    expect(pageHref('decisions/README.md')).toBe('decisions/index.html');
    expect(pageHref('../README.md')).toBe('../index.html');
    expect(pageHref('screenshots/a.png')).toBe('screenshots/a.png');
    expect(pageHref('https://example.com/x.md')).toBe('https://example.com/x.md');
  });
});
