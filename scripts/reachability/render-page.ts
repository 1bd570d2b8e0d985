// docs/reachability.md, written from the reachability table and the stated rules: the rows with a way of their
// own one by one, the generic ways grouped by code, the forced rows with their reasons, then the rules.
import type { Call, How } from '../../mock/reachability/rows';
import { STATED_RULES } from '../../mock/reachability/stated-rules';
import { isForced, reachabilityTable, type TableRow, UNMODELLED } from '../../mock/reachability/table';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const callText = (call: Call): string => {
  const body = call.raw ? ` (${call.raw.contentType} body)` : call.body === undefined ? '' : ` ${JSON.stringify(call.body)}`;
  return `${call.as}: \`${call.method} ${call.path}\`${cell(body.length > 160 ? `${body.slice(0, 157)}...` : body)}`;
};

const howText = (how: How): string => {
  if (isForced(how)) return `forced: ${how.reason}`;
  if ('request' in how) return `${cell(how.data)}; ${callText(how.request)}`;
  return `${cell(how.data)}; ${how.steps.map((call, index) => `${index + 1}. ${callText(call)}`).join(' ')}`;
};

const groupBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

export const renderReachabilityPage = (): string => {
  const table = reachabilityTable();
  const fromData = table.filter((row) => !isForced(row.how));
  const codes = new Set(table.map((row) => row.code));
  const codesFromData = new Set(fromData.map((row) => row.code));
  const own = table.filter((row) => row.source === 'row');
  const generic = table.filter((row) => row.source === 'generic' && !isForced(row.how));
  const forced = table.filter((row) => isForced(row.how));
  const lines: string[] = [
    '# Reaching every declared error',
    '',
    '<!-- Written by `npm run reachability` from mock/reachability/ and the contract; a test fails when it is stale. -->',
    '',
    'For every (operation, status, code) the contract declares, how to make the stateful mock answer it: a request',
    'on named data of the `default` fixture, a sequence of requests (each but the last answers 200), or, where the',
    "platform's cause lies outside anything a storefront sends, a failure forced with `PUT /__mock/scenarios/{operationId}`",
    '(`{ "session": "...", "failure": { "status": 428, "code": "...", "times": 1 } }`, then the operation\'s example request).',
    '`tests/contract/reachability.test.ts` runs every row in a session of its own and checks the status and code.',
    'Callers: `merchant` is the API key, `visitor` a visitor token, `member` the default member Maya (both minted',
    'in the session), `stranger` a token the mock did not issue.',
    '',
    `**${table.length} declared (operation, status, code); ${fromData.length} reached from data, ${forced.length} forced.**`,
    `**${codes.size} distinct codes; ${codesFromData.size} reached from data on at least one operation.**`,
    '',
    '## Business refusals, from data',
    '',
    '| operation | status | code | how |',
    '|---|---|---|---|',
    ...own.filter((row) => !isForced(row.how)).map((row) => `| ${row.operation} | ${row.status} | \`${row.code}\` | ${howText(row.how)} |`),
    '',
    "## Shared refusals, from each operation's example",
    '',
    '| status | code | how | operations |',
    '|---|---|---|---|',
    ...[...groupBy(generic, (row) => `${row.status} ${row.code} ${'data' in row.how ? row.how.data : ''}`).values()].map((rows) => {
      const first = rows[0] as TableRow;
      const data = 'data' in first.how ? first.how.data : '';
      return `| ${first.status} | \`${first.code}\` | ${cell(data)} | ${rows.map((row) => row.operation).join(', ')} |`;
    }),
    '',
    '## Forced, with the reason',
    '',
    `Rows marked "${UNMODELLED}" are refusals a storefront could meet that no fixture data reaches yet.`,
    '',
    '| status | code | reason | operations |',
    '|---|---|---|---|',
    ...[...groupBy(forced, (row) => `${row.status} ${row.code} ${isForced(row.how) ? row.how.reason : ''}`).values()].map((rows) => {
      const first = rows[0] as TableRow;
      return `| ${first.status} | \`${first.code}\` | ${isForced(first.how) ? cell(first.how.reason) : ''} | ${rows.map((row) => row.operation).join(', ')} |`;
    }),
    '',
    '## Rules the spec states in prose',
    '',
    'Each rule a description states ("must send", "is rejected", "fails with CODE when", "at most"), and where it is kept.',
    '',
    '| operations | rule | kept by | where |',
    '|---|---|---|---|',
    ...STATED_RULES.map((rule) => `| ${rule.operations} | ${cell(rule.rule)} | ${rule.kept} | ${cell(rule.where)} |`),
    '',
  ];
  return lines.join('\n');
};
