import { describe, expect, it } from 'vitest';
import { readableTables } from '../../docs-site/build/readable-tables';

const row = (...cells: string[]) => `<table><tbody><tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr></tbody></table>`;

describe('the guide pages’ tables', () => {
  it('wraps each table so that it, not the page, scrolls', () => {
    expect(readableTables(row('a'))).toBe('<div class="table-wrap"><table><tbody><tr><td>a</td></tr></tbody></table></div>');
  });

  it('breaks codes after _ and /, and a cell of one long camelCase name between its words, never a list of names', () => {
    const html = readableTables(
      row('<code>ERROR_COUPON_HAS_EXPIRED</code>', 'createBackInStockNotificationRequest', 'getCart, createBackInStockNotificationRequest'),
    );
    expect(html).toContain('<td><code>ERROR_<wbr>COUPON_<wbr>HAS_<wbr>EXPIRED</code></td>');
    expect(html).toContain('<td>create<wbr>Back<wbr>In<wbr>Stock<wbr>Notification<wbr>Request</td>');
    expect(html).toContain('<td>getCart, createBackInStockNotificationRequest</td>');
  });

  it('folds a request written in a cell: each step’s caller and path in view, its body under a <details>', () => {
    const html = readableTables(
      row(
        'coupon SUMMER-ENDED (expired; long ago); 1. member: <code>POST /v1/checkouts</code> {&quot;a&quot;:1} 2. member: <code>GET /v1/checkouts/{0.checkout.id}</code>',
      ),
    );
    expect(html).toContain('<td>coupon SUMMER-ENDED (expired; long ago)<details class="request-step">');
    expect(html).toContain(
      '<summary>1. member: <code>POST /<wbr>v1/<wbr>checkouts</code></summary><code class="request-body">{&quot;a&quot;:1}</code></details>',
    );
    // A step without a body has nothing to fold.
    expect(html).toContain('<div class="request-step">2. member: <code>GET /<wbr>v1/<wbr>checkouts/<wbr>{0.checkout.id}</code></div></td>');
  });

  it('leaves a cell with no request as it is, but for its break points', () => {
    expect(readableTables(row('the example request sent as text/plain; twice'))).toContain(
      '<td>the example request sent as text/plain; twice</td>',
    );
  });

  it('lets a path and a long code in prose break, and nothing shorter', () => {
    expect(readableTables(row('428 ORDER_HAS_AUTHORIZED_TRANSACTION; tests/contract/stated-rules.test.ts, a text/plain body'))).toContain(
      '<td>428 ORDER_<wbr>HAS_<wbr>AUTHORIZED_<wbr>TRANSACTION; tests/<wbr>contract/<wbr>stated-rules.test.ts, a text/plain body</td>',
    );
  });
});
