// A guide's tables made to fit a page instead of running off it: each table in a wrapper that scrolls on its own
// if it ever must (the page never does); break points after `_` and `/` in codes and paths, and between the words
// of a cell that is one long camelCase name (a list of names breaks between names), so a column can be narrow
// without a letter per line; and a request written in a cell (caller: `METHOD path` body, one or numbered steps,
// as the reachability page writes them) folded to its caller and path, its body a wrapped block behind a
// <details>. Works on the HTML marked renders.

const HTTP_METHOD = '(?:GET|POST|PUT|PATCH|DELETE)';
/** A request step as marked renders it: `1. visitor: <code>POST /v1/checkouts</code> {&quot;a&quot;:1}`. */
const STEP_START = `(?:\\d+\\.\\s)?[\\w-]+:\\s<code>${HTTP_METHOD}\\s`;
/** A cell's prose, `; `, then its request steps. */
const PROSE_AND_REQUEST = new RegExp(`^([\\s\\S]*?);\\s(${STEP_START}[\\s\\S]*)$`);
const NEXT_STEP = new RegExp(`\\s(?=\\d+\\.\\s[\\w-]+:\\s<code>${HTTP_METHOD}\\s)`);
/** A cell that is one name of four or more camelCase words (`markBackInStockNotificationRequestAsNotificationSent`). */
const LONG_CAMEL_CASE = /^\s*[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+){3,}\s*$/;

/** Applies `change` to the text between tags only, never to a tag or its attributes. */
const inText = (html: string, change: (text: string) => string): string =>
  html
    .split(/(<[^>]*>)/)
    .map((part, index) => (index % 2 === 0 ? change(part) : part))
    .join('');

/**
 * Break points a browser may use and a reader does not see: after `_` and `/` in code, between camelCase words,
 * after the slashes of a path and the underscores of a long code in prose.
 */
const breakable = (cell: string): string =>
  cell
    .split(/(<code>[^<]*<\/code>)/)
    .map((part, index) =>
      index % 2 === 1
        ? `<code>${part.slice('<code>'.length, -'</code>'.length).replace(/([_/])(?=[^_/])/g, '$1<wbr>')}</code>`
        : inText(part, (text) =>
            LONG_CAMEL_CASE.test(text)
              ? text.replace(/(?<=[a-z0-9])(?=[A-Z])/g, '<wbr>')
              : // A file path or a long code in prose (`tests/contract/stated-rules.test.ts`, `ORDER_HAS_AUTHORIZED_TRANSACTION`)
                // may break after each slash or underscore.
                text
                  .replace(/[\w.-]+(?:\/[\w.-]+){2,}/g, (path) => path.replaceAll('/', '/<wbr>'))
                  .replace(/\b[A-Z0-9]+(?:_[A-Z0-9]+){2,}\b/g, (code) => code.replaceAll('_', '_<wbr>')),
          ),
    )
    .join('');

/** One step: caller and `METHOD path` in view, the body (when there is one) folded under it. */
const step = (html: string): string => {
  const end = html.indexOf('</code>') + '</code>'.length;
  const head = breakable(html.slice(0, end).trim());
  const body = html.slice(end).trim();
  if (!body) return `<div class="request-step">${head}</div>`;
  return `<details class="request-step"><summary>${head}</summary><code class="request-body">${body}</code></details>`;
};

const cell = (content: string): string => {
  const split = PROSE_AND_REQUEST.exec(content);
  if (!split) return breakable(content);
  const [, prose = '', request = ''] = split;
  return `${breakable(prose)}${request.split(NEXT_STEP).map(step).join('')}`;
};

/** The page's HTML with every table wrapped and its cells made breakable, requests folded. */
export const readableTables = (html: string): string =>
  html
    .replace(/<table>/g, '<div class="table-wrap"><table>')
    .replace(/<\/table>/g, '</table></div>')
    .replace(/<td([^>]*)>([\s\S]*?)<\/td>/g, (_, attributes: string, content: string) => `<td${attributes}>${cell(content)}</td>`);
